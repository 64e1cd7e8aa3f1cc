import ArgumentParser
import Foundation

/// Where `signup` and `login` read the password: one line of standard input with `--password-stdin`, else a
/// prompt on the terminal that does not echo.
struct LoginPasswordOptions: ParsableArguments {
    @Flag(help: "Read the password from the first line of standard input instead of prompting.")
    var passwordStdin = false

    /// The password; with `confirm`, a prompt asks twice and the two must match.
    /// - Throws: `LedgerCommandError` when standard input has no line, or is not a terminal to prompt on.
    func read(confirm: Bool) throws -> String {
        if passwordStdin {
            guard let line = readLine(), !line.isEmpty else {
                throw LedgerCommandError("--password-stdin: standard input has no password line")
            }
            return line
        }
        guard isatty(STDIN_FILENO) != 0 else {
            throw LedgerCommandError("standard input is not a terminal: give the password with --password-stdin")
        }
        let password = try Self.prompt("Password: ")
        if confirm, try Self.prompt("Password again: ") != password {
            throw LedgerCommandError("the passwords differ")
        }
        return password
    }

    /// Asks on standard error and reads a line from the terminal with echo turned off.
    private static func prompt(_ text: String) throws -> String {
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        FileHandle.standardError.write(Data(text.utf8))
        guard let line = readLine() else { throw LedgerCommandError("no password given") }
        return line
    }
}
