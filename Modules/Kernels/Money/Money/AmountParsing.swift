/// What a feature accepts when it reads an amount a person typed.
public struct ParseOptions: Sendable, Hashable {
    /// Whether `-12` or `+12` is accepted.
    public var allowsSign: Bool
    /// The most decimal places accepted (2 for cents, 0 for whole numbers, 12 at most).
    public var maximumPlaces: Int
    /// Currency symbols or codes that may stand before the digits (`£`, `$`, `₹`, `USD`).
    public var symbols: [String]
    /// Whether thousands separators (`1,234.56`) are accepted.
    public var allowsGrouping: Bool

    /// Creates the options.
    public init(
        allowsSign: Bool = true, maximumPlaces: Int = Amount.places, symbols: [String] = [],
        allowsGrouping: Bool = true
    ) {
        self.allowsSign = allowsSign
        self.maximumPlaces = min(max(maximumPlaces, 0), Amount.places)
        self.symbols = symbols
        self.allowsGrouping = allowsGrouping
    }

    /// Plain decimal text as machines write it: an optional sign, digits, one point; no symbols or separators.
    public static let plain = ParseOptions(allowsGrouping: false)
}

extension Amount {
    /// Parses text a person typed, strictly: `1,234.56`, `-12`, `£5` (with `£` in `options.symbols`).
    /// Exponents, `NaN`, a second point, misplaced separators, too many places and overflow are refused with
    /// the reason as the ``MoneyError``.
    public init(parsing text: String, options: ParseOptions = ParseOptions()) throws(MoneyError) {
        if let plain = Self.plainASCII(text, options: options) {
            self = plain
            return
        }
        var rest = Substring(text)
        while let first = rest.first, first.isWhitespace { rest.removeFirst() }
        while let last = rest.last, last.isWhitespace { rest.removeLast() }
        guard !rest.isEmpty else { throw .empty }
        let lowered = rest.lowercased()
        if ["nan", "inf", "infinity", "+inf", "-inf", "-nan", "+nan", "+infinity", "-infinity"].contains(lowered) {
            throw .notANumber
        }

        var negative = false
        var sawSign = false
        func takeSign() {
            guard !sawSign, let first = rest.first, first == "-" || first == "+" || first == "−" else { return }
            sawSign = true
            negative = first != "+"
            rest.removeFirst()
        }
        takeSign()
        if let symbol = options.symbols.first(where: { rest.hasPrefix($0) }) {
            rest.removeFirst(symbol.count)
            while let first = rest.first, first == " " { rest.removeFirst() }
            takeSign()
        }
        if sawSign && !options.allowsSign { throw .signNotAllowed }

        var integerDigits: [UInt8] = []
        var fractionDigits: [UInt8] = []
        var groups: [Int] = []
        var currentGroup = 0
        var sawPoint = false
        for character in rest {
            if let digit = character.wholeNumberValue, character.isASCII {
                if sawPoint { fractionDigits.append(UInt8(digit)) } else { integerDigits.append(UInt8(digit)) }
                currentGroup += 1
            } else if character == "." {
                guard !sawPoint else { throw .multiplePoints }
                sawPoint = true
            } else if character == "," && !sawPoint {
                guard options.allowsGrouping else { throw .unexpectedCharacter(character) }
                groups.append(currentGroup)
                currentGroup = 0
            } else if character == "e" || character == "E" {
                throw .exponent
            } else {
                throw .unexpectedCharacter(character)
            }
        }
        if !groups.isEmpty {
            // `currentGroup` counts every digit after the last comma, fraction included; only the integer part's
            // last group must be three long.
            let lastIntegerGroup = currentGroup - fractionDigits.count
            guard let first = groups.first, (1...3).contains(first), groups.dropFirst().allSatisfy({ $0 == 3 }),
                lastIntegerGroup == 3
            else { throw .misplacedGrouping }
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { throw .noDigits }
        // Trailing zeros carry no value, so `1.500` is fine where two places are allowed.
        while let last = fractionDigits.last, last == 0 { fractionDigits.removeLast() }
        guard fractionDigits.count <= options.maximumPlaces else {
            throw .tooManyPlaces(allowed: options.maximumPlaces)
        }

        var units: UInt128 = 0
        for digit in integerDigits {
            let (times, overflowA) = units.multipliedReportingOverflow(by: 10)
            let (plus, overflowB) = times.addingReportingOverflow(UInt128(digit))
            guard !overflowA, !overflowB, plus <= UInt128(Self.maximumUnits / Self.unitsPerOne) else {
                throw .overflow
            }
            units = plus
        }
        units *= UInt128(Self.unitsPerOne)
        var step = UInt128(Self.unitsPerOne) / 10
        for digit in fractionDigits {
            units += UInt128(digit) * step
            step /= 10
        }
        self = try Self.signed(units, negative: negative && units != 0)
    }

    /// The common case read byte by byte: `[-+]digits[.digits]` in ASCII, within the options. Nil for anything
    /// else (symbols, separators, spaces, errors), which the general path then reads and explains.
    private static func plainASCII(_ text: String, options: ParseOptions) -> Amount? {
        var utf8 = text.utf8.makeIterator()
        var negative = false
        var units: UInt128 = 0
        var integerDigits = 0
        var fractionDigits = 0
        var sawPoint = false
        var first = true
        var trailingZeros = 0
        while let byte = utf8.next() {
            defer { first = false }
            switch byte {
            case UInt8(ascii: "-") where first && options.allowsSign: negative = true
            case UInt8(ascii: "+") where first && options.allowsSign: break
            case UInt8(ascii: ".") where !sawPoint: sawPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = UInt128(byte - UInt8(ascii: "0"))
                if sawPoint {
                    fractionDigits += 1
                    guard fractionDigits <= Amount.places else { return nil }
                    trailingZeros = digit == 0 ? trailingZeros + 1 : 0
                    units += digit * UInt128(powerOfTen(Amount.places - fractionDigits))
                } else {
                    integerDigits += 1
                    // 26 integer digits always fit: 10²⁶ × 10¹² < Int128.max; longer numbers take the checked path.
                    guard integerDigits <= 26 else { return nil }
                    units = units * 10 + digit * UInt128(unitsPerOne)
                }
            default: return nil
            }
        }
        guard integerDigits + fractionDigits > 0, fractionDigits - trailingZeros <= options.maximumPlaces,
            units <= maximumUnits.magnitude
        else { return nil }
        let value = Int128(units)
        return Amount(uncheckedUnits: negative ? -value : value)
    }
}
