@testable import TrendShell

/// The transcript's `(re)` matcher, `Transcript.matches`. The input is a pattern and a line,
/// cut at the first NUL. Whatever they are: a line matches itself; a line without ` (re)`
/// matches only itself; a pattern of letters, digits and spaces matches exactly its own
/// text; and a line the escaped form of which matches a pattern is matched whole.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let parts = Fuzz.parts(Fuzz.bytes(data, size), count: 2)
    let expected = parts[0]
    let actual = parts[1]
    Fuzz.check(Transcript.matches(expected: expected, actual: expected), "\(expected.debugDescription) misses itself")
    let matched = Transcript.matches(expected: expected, actual: actual)
    if !expected.hasSuffix(Transcript.regexSuffix) {
        Fuzz.check(matched == (expected == actual), "\(expected.debugDescription) is read as a pattern")
        let pattern = expected + Transcript.regexSuffix
        let plain = expected.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == " "
        }
        if !expected.isEmpty, plain {
            Fuzz.check(
                Transcript.matches(expected: pattern, actual: expected), "\(pattern.debugDescription) misses its text")
            Fuzz.check(
                !Transcript.matches(expected: pattern, actual: expected + "x"),
                "\(pattern.debugDescription) matches more than its text")
        }
    }
    return 0
}
