/// The rows of an Apple Health `export.xml`: every `Record` of type
/// `HKQuantityTypeIdentifierBodyMass`, with its `startDate`
/// (`2026-11-29 08:00:00 +0100`), `value` and `unit`. The file is read as a stream, so a
/// multi-gigabyte export costs no more memory than a small one.
final class AppleHealthRows: RowSource {
    let layout = ImportLayout.appleHealth
    let statedUnit = StatedUnit.eachRecord
    let stream: ByteStream
    private let reader: XMLReader

    /// Reads up to the root element, which must be `HealthData`.
    init(stream: ByteStream) throws(ImportFileError) {
        self.stream = stream
        reader = XMLReader(stream: stream)
        guard try reader.next() == .start, reader.isNamed("HealthData") else { throw .unknownLayout }
    }

    func next(into row: inout RawRow) throws(ImportFileError) -> Bool {
        while true {
            switch try reader.next() {
            case .done: return false
            case .end: continue
            case .start:
                guard reader.isNamed("Record"),
                    let type = reader.attributeBytes("type"),
                    type.elementsEqual("HKQuantityTypeIdentifierBodyMass".utf8)
                else { continue }
                row.reset(line: reader.line)
                row.date = row.add(reader.attributeBytes("startDate") ?? [])
                row.weight = row.add(reader.attributeBytes("value") ?? [])
                row.unit = row.add(reader.attributeBytes("unit") ?? [])
                return true
            }
        }
    }
}
