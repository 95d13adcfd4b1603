/// `value` changed by `change`: a value built member by member in one
/// expression (test arguments, expected values).
func with<T>(_ value: T, _ change: (inout T) -> Void) -> T {
    var changed = value
    change(&changed)
    return changed
}
