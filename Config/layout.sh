# Sourced by the install scripts, which set `here` to the Config folder: the install layout, read from its one definition,
# Sources/WeatherSystem/Run/InstallLayout.swift, each `static let name = "path"` line as the shell variable
# `name`, relative to the prefix (bin, libexec, man1, bashCompletions, zshCompletions, fishCompletions,
# debianZshCompletions, doc, locale). Stops the script when one is missing.
layout_file="$here/../Sources/WeatherSystem/Run/InstallLayout.swift"
eval "$(sed -n 's/^ *static let \([A-Za-z][A-Za-z0-9]*\) = "\([A-Za-z0-9_./-]*\)"$/\1=\2/p' "$layout_file")"
for name in bin libexec man1 bashCompletions zshCompletions fishCompletions debianZshCompletions doc locale; do
    eval "[ -n \"\${$name:-}\" ]" || { echo "$layout_file does not define $name" >&2; exit 1; }
done
