/// The rows of an Apple Health `export.xml`: every `Record` of type
/// `HKQuantityTypeIdentifierBodyMass`, with its `startDate`
/// (`2026-11-29 08:00:00 +0100`), `value` and `unit`, and every record of a type a kind's
/// import names hold (body fat, waist), each a row of that one value. Every other record type
/// is named once as left out. The file is read as a stream, so a multi-gigabyte export costs
/// no more memory than a small one.
final class AppleHealthRows: RowSource {
    let layout = ImportLayout.appleHealth
    let statedUnit = StatedUnit.eachRecord
    let stream: ByteStream
    let measureColumns: [MeasureColumn]
    private(set) var leftOut: [LeftOutColumn] = []
    var declaredKinds: [MeasurementKind] { [] }
    private let reader: XMLReader
    /// The record type of each of `measureColumns`.
    private let types: [[UInt8]]
    /// The record types left out so far, as bytes (compared without making a string).
    private var leftOutNames: [[UInt8]] = []

    /// Reads up to the root element, which must be `HealthData`.
    init(stream: ByteStream, kinds: [MeasurementKind] = MeasurementKind.builtIn) throws(ImportFileError) {
        self.stream = stream
        reader = XMLReader(stream: stream)
        var columns: [MeasureColumn] = []
        var types: [[UInt8]] = []
        for kind in kinds where kind.id != .weight {
            for name in kind.names(in: .appleHealth) ?? [] {
                columns.append(MeasureColumn(kind: kind, reading: name.reading, unit: nil))
                types.append(Array(name.name.utf8))
            }
        }
        measureColumns = columns
        self.types = types
        guard try reader.next() == .start, reader.isNamed("HealthData") else { throw .unknownLayout }
    }

    func next(into row: inout RawRow) throws(ImportFileError) -> Bool {
        while true {
            switch try reader.next() {
            case .done: return false
            case .end: continue
            case .start:
                guard reader.isNamed("Record"), let type = reader.attributeBytes("type") else { continue }
                if type.elementsEqual("HKQuantityTypeIdentifierBodyMass".utf8) {
                    row.reset(line: reader.line)
                    row.date = row.add(reader.attributeBytes("startDate") ?? [])
                    row.weight = row.add(reader.attributeBytes("value") ?? [])
                    row.unit = row.add(reader.attributeBytes("unit") ?? [])
                    return true
                }
                if let index = types.firstIndex(where: { $0.elementsEqual(type) }) {
                    row.reset(line: reader.line)
                    row.date = row.add(reader.attributeBytes("startDate") ?? [])
                    row.weight = row.bytes.count..<row.bytes.count
                    row.unit = row.add(reader.attributeBytes("unit") ?? [])
                    let value = row.add(reader.attributeBytes("value") ?? [])
                    row.measures.append(RawMeasure(column: index, kind: measureColumns[index].kind.id, range: value))
                    return true
                }
                if leftOutNames.count < ImportMeasures.leftOutLimit,
                    !leftOutNames.contains(where: { $0.elementsEqual(type) })
                {
                    let name = Array(type)
                    leftOutNames.append(name)
                    let text = String(decoding: name, as: UTF8.self)
                    leftOut.append(
                        LeftOutColumn(name: text, reason: ImportMeasures.reason(text, layout: .appleHealth)))
                }
            }
        }
    }
}
