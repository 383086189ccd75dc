import Money

/// How sortable tables compare figures that may be absent (a first update's change): absent ones come first.
func nullsFirst(_ left: Amount?, _ right: Amount?) -> Bool {
    switch (left, right) {
    case (nil, .some): true
    case (.some(let left), .some(let right)): left < right
    default: false
    }
}
