@testable import TrendKit

/// The weight parser, `WeightUnit.kilograms(from:)`. Whatever is typed, in either unit, a
/// weight it accepts is finite and between 20 and 500 kg; spaces around the text change
/// nothing; a weight shown with two decimals reads back within rounding; and the import's
/// own decimal reader, written separately for speed, reads every plain number the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWeight(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let text = Fuzz.text(bytes)
    for unit in WeightUnit.allCases {
        guard let kilograms = try? unit.kilograms(from: text) else { continue }
        Fuzz.check(
            kilograms.isFinite && kilograms >= 20 && kilograms <= 500,
            "\(text.debugDescription) in \(unit) reads as \(kilograms) kg")
        Fuzz.check(
            (try? unit.kilograms(from: " \t" + text + " ")) == kilograms,
            "\(text.debugDescription) reads differently with spaces around it")
        let shown = DecimalText.shortest(kilograms)
        guard let back = try? WeightUnit.kilograms.kilograms(from: shown) else {
            Fuzz.check(false, "\(kilograms) kg is shown as \(shown), which does not read back")
            continue
        }
        Fuzz.check(abs(back - kilograms) <= 0.005 + 1e-9, "\(kilograms) kg is shown as \(shown)")
    }
    // The two readers of `digits[(.|,)digits]` agree on every short text without spaces.
    if bytes.count <= 32, !text.unicodeScalars.contains(where: \.properties.isWhitespace) {
        let typed = WeightUnit.plainDecimal(text)
        let imported = bytes.withUnsafeBufferPointer { RowReader.decimal($0) }
        Fuzz.check(
            typed?.bitPattern == imported?.bitPattern,
            "\(text.debugDescription): typed reads \(String(describing: typed)), imported \(String(describing: imported))"
        )
    }
    return 0
}
