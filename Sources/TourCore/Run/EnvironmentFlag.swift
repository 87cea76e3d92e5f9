/// How every on-or-off environment variable is read (CI, TOUR_DISABLE, TOUR_NO_TIPS,
/// TOUR_DEBUG, ACCESSIBLE, TOUR_REDUCE_MOTION, REDUCED_MOTION): unset, empty, `0`,
/// `false` and `no` (in any case) are off; anything else is on. One reading, so
/// `ACCESSIBLE=false` cannot mean on where `CI=false` means off.
package enum EnvironmentFlag {
    package static func isOn(_ value: String?) -> Bool {
        guard let value else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }
}
