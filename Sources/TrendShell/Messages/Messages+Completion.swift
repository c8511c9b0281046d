extension Messages {
    /// An option's value that is none of its words: `--completion tcsh`.
    static func notOneOf(option: String, text: String, choices: [String]) -> String {
        "\(option) needs one of \(list(choices)), not \"\(text)\"."
    }
}
