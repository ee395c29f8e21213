/// Conversions between seconds since 2001-01-01T00:00:00Z and the proleptic Gregorian calendar in UTC.
///
/// Done with integer day arithmetic (Howard Hinnant's civil-date algorithms) rather than
/// `Calendar`, so no `Date` is ever made from input (printing a NaN `Date` traps on Linux).
enum XMLPropertyListDate {
    /// A calendar date and time in UTC.
    struct Components: Equatable {
        var year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
    }

    /// Days from 1970-01-01 to 2001-01-01.
    private static let referenceDateDays: Int64 = 11_323

    /// The first and last whole seconds the four-digit year of the XML form can name (years 1 through 9999).
    static let earliestSeconds = seconds(of: Components(year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0))
    static let latestSeconds = seconds(of: Components(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59))

    /// Seconds since the reference date of a valid calendar date.
    static func seconds(of date: Components) -> Int64 {
        let days = daysFromCivil(year: date.year, month: date.month, day: date.day) - referenceDateDays
        return days * 86_400 + date.hour * 3_600 + date.minute * 60 + date.second
    }

    /// The calendar date of whole seconds since the reference date (any value between the year bounds).
    static func components(of seconds: Int64) -> Components {
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilFromDays(days + referenceDateDays)
        return Components(
            year: year, month: month, day: day,
            hour: secondOfDay / 3_600, minute: secondOfDay % 3_600 / 60, second: secondOfDay % 60)
    }

    /// The number of days in `month` of `year`.
    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && value < 0) ? quotient - 1 : quotient
    }

    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = (month + 9) % 12
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
