import TrendKit

/// An export to standard output. Piped or redirected, it gets the exact bytes; at a
/// terminal (or in a transcript) each record is shown as one escaped line, as all output is,
/// so a note cannot move the cursor or change colours.
@MainActor
final class ExportOutput: ExportSink {
    private let output: any OutputSink

    init(output: any OutputSink) { self.output = output }

    func write(record: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        if let failure = output.failure { throw .output(errno: failure) }
        if output.showsText {
            var end = record.count
            if end > 0 && record[end - 1] == 0x0A { end -= 1 }
            if end > 0 && record[end - 1] == 0x0D { end -= 1 }
            let line = String(decoding: UnsafeBufferPointer(rebasing: record[0..<end]), as: UTF8.self)
            output.write(DisplayText.escaped(line), to: .out)
        } else {
            output.writeExact(record)
        }
    }
}
