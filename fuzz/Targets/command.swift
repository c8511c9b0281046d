@testable import TrendKit
@testable import TrendShell

/// The command parser, `CommandParser` over `CommandTable`, with the word splitter and the
/// completer that read the same lines. Whatever is typed: a line that is no command is blank
/// or a comment; a command's name answers in any letter case; the sentence for a line that
/// is not a command holds no control character once escaped; a word typed back as
/// `Tokenizer.quoted` shows it reads as that one word; and the completer splits the words
/// before the cursor as the parser does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = Fuzz.text(Fuzz.bytes(data, size))
    checkParse(line)
    checkWords(line)
    checkCompletion(line)
    return 0
}

private func checkParse(_ line: String) {
    let trimmed = CommandParser.trimmed(line)
    let command: ParsedCommand?
    do {
        command = try CommandParser.parse(line)
    } catch {
        let shown = DisplayText.escaped(Messages.parseError(error))
        Fuzz.check(!Fuzz.hasControl(shown), "the message for \(line.debugDescription) holds a control character")
        return
    }
    guard let command else {
        Fuzz.check(trimmed.isEmpty || trimmed.hasPrefix("#"), "\(line.debugDescription) was read as no command")
        return
    }
    Fuzz.check(
        CommandTable.declaration(named: command.name)?.name == command.name,
        "\(line.debugDescription) was read as \(command.name), which is not declared")
    let space = trimmed.firstIndex { $0 == " " || $0 == "\t" } ?? trimmed.endIndex
    let name = trimmed[..<space]
    if name.allSatisfy(\.isASCII) {
        let capitals = name.uppercased() + trimmed[space...]
        Fuzz.check(
            (try? CommandParser.parse(capitals)) == command,
            "\(capitals.debugDescription) is not the command \(line.debugDescription) is")
    }
}

private func checkWords(_ line: String) {
    guard case .words(let words) = Tokenizer.words(in: line) else { return }
    for word in words {
        let typed = Tokenizer.quoted(word)
        Fuzz.check(
            Tokenizer.words(in: typed) == .words([word]),
            "\(word.debugDescription), typed back as \(typed.debugDescription), reads differently")
    }
}

private func checkCompletion(_ line: String) {
    let completer = Completer(
        sources: CompletionSources(entryIDs: { [12, 3, 1] }, habitNames: { ["walk", "drink water", "say \"hi\""] }))
    let completion = completer.complete(line)
    _ = completion.commonExtension
    // With a word being typed after it, the complete words are the parser's words.
    let typing = line + " x"
    guard case .words(let words) = Tokenizer.words(in: typing), words.last == "x" else { return }
    let split = Completer.split(typing)
    Fuzz.check(
        split.complete == Array(words.dropLast()) && split.partial == "x",
        "the completer reads \(typing.debugDescription) as \(split), the parser as \(words)")
}
