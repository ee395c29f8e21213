// The seam that asks the kernel how many cores this process may really use: the CPU affinity
// mask (taskset, a container's cpuset) and the cgroup v2 CPU quota (`cpu.max`, what `docker --cpus`
// and Kubernetes limits set). `ProcessInfo.activeProcessorCount` counts the machine's online cores,
// so a job sized by it in a two-core container on a 64-core host would start 64 workers.
import Foundation

/// The number of cores the running process may use, cgroup limits included.
package enum AvailableProcessors {
    /// The smaller of the affinity mask's count and the cgroup quota (rounded up), at least 1.
    package static var count: Int {
        var result = affinityCount ?? ProcessInfo.processInfo.activeProcessorCount
        if let text = try? String(contentsOfFile: "/sys/fs/cgroup/cpu.max", encoding: .utf8),
            let quota = quotaProcessors(cpuMax: text)
        {
            result = min(result, quota)
        }
        return max(1, result)
    }

    /// The cores the affinity mask allows (`Cpus_allowed_list` of `/proc/self/status`, what `sched_getaffinity`
    /// returns; Swift's Glibc module does not export that call), or nil where the file is missing.
    package static var affinityCount: Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
            return cpuListCount(String(line.dropFirst("Cpus_allowed_list:".count)))
        }
        return nil
    }

    /// The number of CPUs in a kernel CPU list such as `0-3,8,10-11`; nil when it does not parse.
    package static func cpuListCount(_ list: String) -> Int? {
        var count = 0
        for range in list.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",") {
            let bounds = range.split(separator: "-")
            guard let low = bounds.first.flatMap({ Int($0) }) else { return nil }
            let high = bounds.count > 1 ? Int(bounds[1]) : low
            guard let high, high >= low else { return nil }
            count += high - low + 1
        }
        return count > 0 ? count : nil
    }

    /// The whole cores a cgroup v2 `cpu.max` line (`"QUOTA PERIOD"` or `"max PERIOD"`) allows, rounded up; nil for no
    /// limit.
    package static func quotaProcessors(cpuMax: String) -> Int? {
        let fields = cpuMax.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 2, let quota = Int(fields[0]), let period = Int(fields[1]), quota > 0, period > 0 else {
            return nil
        }
        return max(1, (quota + period - 1) / period)
    }
}
