/// Finds the known name a mistyped one was most likely meant to be ("Did you mean …?").
///
/// Distances are optimal-string-alignment distances (Levenshtein plus the swap of two adjacent
/// characters, the most common typing slip) counted in Characters. A candidate is suggested
/// when its distance is at most a third of its length without leading dashes, at least 1 and
/// at most 3: `verfy` → `verify`, `--nme` → `--name`, but `list` never → `diff`.
package enum NameSuggestion {
    /// The closest candidate within the threshold; on a tie, the one listed first.
    package static func closest(to typed: String, among candidates: [String]) -> String? {
        let typedCharacters = Array(typed)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let candidateCharacters = Array(candidate)
            let limit = threshold(for: candidate)
            // Cheap bound first: a long argument (a pasted path, say) costs nothing to reject.
            guard abs(candidateCharacters.count - typedCharacters.count) <= limit else { continue }
            let distance = editDistance(typedCharacters, candidateCharacters)
            guard distance <= limit, distance < (best?.distance ?? Int.max) else { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// The largest distance at which `candidate` is still offered as a suggestion.
    package static func threshold(for candidate: String) -> Int {
        let length = candidate.drop(while: { $0 == "-" }).count
        return min(3, max(1, length / 3))
    }

    /// The optimal-string-alignment distance between two strings, in Characters.
    package static func editDistance(_ first: String, _ second: String) -> Int {
        editDistance(Array(first), Array(second))
    }

    private static func editDistance(_ first: [Character], _ second: [Character]) -> Int {
        if first.isEmpty { return second.count }
        if second.isEmpty { return first.count }
        // Three rows suffice: the current one, the previous one, and the one before for swaps.
        var beforePrevious = [Int](repeating: 0, count: second.count + 1)
        var previous = Array(0...second.count)
        var current = [Int](repeating: 0, count: second.count + 1)
        for row in 1...first.count {
            current[0] = row
            for column in 1...second.count {
                let substitutionCost = first[row - 1] == second[column - 1] ? 0 : 1
                var distance = min(
                    previous[column] + 1,
                    current[column - 1] + 1,
                    previous[column - 1] + substitutionCost
                )
                if row > 1, column > 1, first[row - 1] == second[column - 2], first[row - 2] == second[column - 1] {
                    distance = min(distance, beforePrevious[column - 2] + 1)
                }
                current[column] = distance
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[second.count]
    }
}
