/// Where each installed file of weather goes, relative to the prefix (`PREFIX` of `make install`, `/usr`
/// for the .deb, the tarball's top folder): the one definition of the layout. `weather` finds
/// `weather-commands` by it (`WeatherProgram`), and the install scripts read it through
/// `Config/layout.sh`, which takes each `static let NAME = "path"` line below as the shell variable
/// `NAME`: keep one such line per folder, a plain string on one line.
public enum InstallLayout {
    /// The programs people run: `weather`.
    static let bin = "bin"
    /// `weather-commands`, which `weather` becomes for every command line but the status-bar forms of
    /// `show` and `refresh`.
    static let libexec = "libexec/weather"
    /// weather(1).
    static let man1 = "share/man/man1"
    /// The completions, where each shell looks under a prefix.
    static let bashCompletions = "share/bash-completion/completions"
    static let zshCompletions = "share/zsh/site-functions"
    static let fishCompletions = "share/fish/vendor_completions.d"
    /// zsh's completions in Debian's own zsh (the .deb's), which does not read `site-functions` under /usr.
    static let debianZshCompletions = "share/zsh/vendor-completions"
    /// The README and the licence.
    static let doc = "share/doc/weather"
    /// The message catalogues, one folder a language: `LL/LC_MESSAGES/weather.mo`, where gettext looks.
    static let locale = "share/locale"
}
