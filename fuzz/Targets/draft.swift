@testable import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// The draft file's decoders: `DraftRecord(decoding:)`, the slot format `DraftFile` reads
/// (`DraftFile.newest(in:)`, and a real file written and loaded again), trendsh 0.1's JSON
/// draft, and each kind's record (weight, habit, import). The first byte picks which.
/// Whatever the bytes: a record decoded and encoded again decodes to itself, and so does
/// each kind's draft; a weight a restored draft would save is between 20 and 500 kg; the
/// slot `newest` picks is the valid one with the higher sequence; and a file holds the
/// last record written to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDraft(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    switch mode % 5 {
    case 0:
        if let record = DraftRecord(decoding: rest) { checkRecord(record) }
    case 1:
        checkRecord(record(from: rest))
    case 2:
        checkSlots(rest)
    case 3:
        if let record = LegacyWeightDraft.record(from: rest) { checkRecord(record) }
    default:
        checkFile(rest)
    }
    return 0
}

/// A record made from the bytes: a kind (often a real one), then fields, cut at NUL bytes.
private func record(from bytes: [UInt8]) -> DraftRecord {
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Fuzz.text)
    let kinds = ["weight", "habit", "import"]
    var kind = parts.first ?? ""
    if let first = kind.utf8.first, first < 3 { kind = kinds[Int(first)] }
    var fields: [String: String] = [:]
    var index = 1
    while index + 1 < parts.count {
        fields[parts[index]] = parts[index + 1]
        index += 2
    }
    return DraftRecord(kind: kind, fields: fields)
}

private func checkRecord(_ record: DraftRecord) {
    let encoded = record.encoded()
    Fuzz.check(DraftRecord(decoding: encoded) == record, "\(record) does not decode to itself")
    Fuzz.check(DraftRecord(decoding: encoded)?.encoded() == encoded, "\(record) encodes two ways")
    if let draft = WeightEntryDraft(record: record, defaultUnit: .kilograms) {
        Fuzz.check(
            WeightEntryDraft(record: draft.record, defaultUnit: .pounds) == draft,
            "the weight draft \(draft) does not restore to itself")
        if let kilograms = try? draft.kilograms() {
            Fuzz.check(
                kilograms.isFinite && kilograms >= 20 && kilograms <= 500,
                "the weight draft \(draft) would save \(kilograms) kg")
        }
    }
    if let draft = HabitDraft(record: record) {
        let again = DraftRecord(kind: DraftKind.habit.rawValue, fields: ["id": draft.id.rawValue, "name": draft.name])
        Fuzz.check(HabitDraft(record: again) == draft, "the habit draft \(draft) does not restore to itself")
    }
    if let draft = ImportDraft(record: record) {
        Fuzz.check(ImportDraft(record: draft.record) == draft, "the import draft \(draft) does not restore to itself")
    }
}

/// A draft file made from the bytes: the real header, a slot size, then two slots whose
/// checksums are made right unless the bytes say otherwise, so the fuzzer reaches the records.
private func checkSlots(_ bytes: [UInt8]) {
    guard bytes.count >= 3 else { return }
    let slotSize = DraftFile.slotHeaderSize + 1 + (Int(bytes[0]) | Int(bytes[1]) << 8) % 2048
    let flags = bytes[2]
    var file = DraftFile.magic
    for shift in stride(from: 0, to: 32, by: 8) { file.append(UInt8(truncatingIfNeeded: slotSize >> shift)) }
    file += [UInt8](repeating: 0, count: DraftFile.headerSize - file.count)
    var source = bytes.dropFirst(3)
    var expected: (record: DraftRecord?, sequence: UInt64)?
    var sawSlot = false
    for slot in 0..<2 {
        var reader = ByteReader(bytes: Array(source.prefix(slotSize)))
        source = source.dropFirst(slotSize)
        var header = Array(reader.take(min(DraftFile.slotHeaderSize, reader.bytes.count)) ?? [])
        header += [UInt8](repeating: 0, count: DraftFile.slotHeaderSize - header.count)
        let payload = Array(reader.bytes[reader.position...])
        if flags & (1 << slot) != 0 { header.replaceSubrange(0..<4, with: Array("TDS2".utf8)) }
        let sequence = header[4..<12].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var length = header[12..<16].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if flags & (4 << slot) != 0 {
            length = UInt32(payload.count)
            for (offset, shift) in stride(from: 0, to: 32, by: 8).enumerated() {
                header[12 + offset] = UInt8(truncatingIfNeeded: length >> UInt32(shift))
            }
        }
        if flags & (16 << slot) != 0 && Int(length) <= payload.count {
            let checksum = CRC32.checksum(payload[0..<Int(length)], startingWith: UInt32(truncatingIfNeeded: sequence))
            for (offset, shift) in stride(from: 0, to: 32, by: 8).enumerated() {
                header[16 + offset] = UInt8(truncatingIfNeeded: checksum >> UInt32(shift))
            }
        }
        let body = payload + [UInt8](repeating: 0, count: slotSize - DraftFile.slotHeaderSize - payload.count)
        file += header + body
        // What the slot holds, worked out here apart from `DraftFile`.
        if Array(header[0..<4]) != [0, 0, 0, 0] { sawSlot = true }
        let checksum = header[16..<20].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard Array(header[0..<4]) == Array("TDS2".utf8), Int(length) <= slotSize - DraftFile.slotHeaderSize,
            CRC32.checksum(body[0..<Int(length)], startingWith: UInt32(truncatingIfNeeded: sequence)) == checksum
        else { continue }
        let record = length == 0 ? nil : DraftRecord(decoding: Array(body[0..<Int(length)]))
        if length > 0 && record == nil { continue }
        if expected.map({ sequence > $0.sequence }) ?? true { expected = (record, sequence) }
    }
    let newest = DraftFile.newest(in: file)
    if let expected {
        Fuzz.check(
            newest?.record == expected.record && newest?.sequence == expected.sequence && newest?.slotSize == slotSize,
            "the file's newest draft is \(String(describing: newest)), not \(expected)")
    } else if sawSlot {
        Fuzz.check(newest == nil, "a file with no valid slot read as \(String(describing: newest))")
    } else {
        Fuzz.check(
            newest?.record == nil && newest?.sequence == 0, "an empty file read as \(String(describing: newest))")
    }
    if let record = newest?.record { checkRecord(record) }
}

/// Records written one after another to a real draft file, the last sometimes too big for
/// a slot: a fresh `DraftFile` loads the last one.
private func checkFile(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let path = Fuzz.folder + "/draft"
    unlink(path)
    let records = bytes.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false).map {
        $0.isEmpty ? nil : record(from: Array($0))
    }
    let writer = DraftFile(path: path)
    var last: DraftRecord?
    for (index, record) in records.enumerated() {
        var record = record
        if index == records.count - 1, first & 1 == 1, var grown = record {
            // Bigger than a slot: the file is rebuilt with bigger slots.
            grown.fields["grown"] = String(repeating: "x", count: DraftFile.defaultSlotSize)
            record = grown
        }
        do {
            try writer.write(record)
        } catch {
            Fuzz.check(false, "writing \(String(describing: record)) failed: \(error)")
        }
        last = record
    }
    do {
        let loaded = try DraftFile(path: path).load()
        Fuzz.check(loaded == last, "the file holds \(String(describing: loaded)), not \(String(describing: last))")
    } catch {
        Fuzz.check(false, "loading the draft file failed: \(error)")
    }
}
