/// `help`, drawn from the command declarations.
public enum HelpText {
    /// Every command, under its group's heading.
    public static func list() -> [String] {
        let width = CommandTable.declarations.map(\.usage.count).filter { $0 <= 24 }.max() ?? 16
        var lines: [String] = []
        for group in CommandGroup.allCases {
            let members = CommandTable.declarations.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            lines.append(group.rawValue + ":")
            for declaration in members {
                let usage = declaration.usage.count <= width ? declaration.usage : declaration.name + " ..."
                lines.append(
                    "  " + usage + String(repeating: " ", count: max(1, width - usage.count + 2)) + declaration.summary)
            }
        }
        lines.append("Type \"help COMMAND\" for one command's usage and an example.")
        return lines
    }

    /// One command's usage, summary, details, aliases and example.
    public static func lines(for declaration: CommandDeclaration) -> [String] {
        var lines = ["usage: \(declaration.usage)", "  \(declaration.summary)"]
        lines += declaration.details.map { $0.hasPrefix("  ") ? $0 : "  " + $0 }
        if !declaration.aliases.isEmpty { lines.append("  Also: \(declaration.aliases.joined(separator: ", "))") }
        lines.append("  Example: \(declaration.example)")
        return lines
    }
}
