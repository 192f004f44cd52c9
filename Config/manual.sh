#!/bin/sh
# weather(1), generated from the command definitions by swift-argument-parser's generate-manual, with
# what that tool loses or lacks put back:
# - every character outside ASCII (°C, ⛅, ↗), which it drops: the help reaches it with each such
#   character written as @@uXXXX@@, turned into groff's \[uXXXX] afterwards;
# - blank lines between paragraphs, which mdoc warns about: they become paragraph breaks (.Pp);
# - ENVIRONMENT, FILES and EXIT STATUS sections of their own, in place of its generic EXIT STATUS: made
#   from the paragraphs of weather --help that list them ("Settings, from the environment...",
#   "Files:", "Exit status: ..."), which leave the DESCRIPTION, so that the help and the page say the same.
#   A help without them stops the build.
# The page is English whatever the builder's language (WEATHER_LANGUAGE=en decides every word).
# The date is the last commit's, so that the same sources make the same page.
#
# Usage: Config/manual.sh GENERATE-MANUAL WEATHER OUTPUT-FILE
set -eu
generator=$1
weather=$2
output=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/weather" <<WRAPPER
#!/bin/sh
WEATHER_LANGUAGE=en '$weather' "\$@" | perl -CS -pe 's/([^\\x00-\\x7F])/sprintf(q(@@u%04X@@), ord(\$1))/ge'
WRAPPER
chmod +x "$work/weather"
mkdir "$work/out"
date=$(git -C "$(dirname "$0")" log -1 --format=%cs 2>/dev/null || date +%F)
"$generator" "$work/weather" --date "$date" --output-directory "$work/out"
mkdir -p "$(dirname "$output")"
sed -e 's/@@u\([0-9A-F]*\)@@/\\[u\1]/g' -e 's/^$/.Pp/' "$work/out/weather.1" | perl -e '
    local $/;
    my $page = <STDIN>;
    $page =~ /\A(.*?^\.Sh DESCRIPTION\n)(.*?)(^\.Bl .*)\z/ms or die "manual.sh: weather(1) has no DESCRIPTION\n";
    my ($head, $text, $rest) = ($1, $2, $3);
    my (@kept, $environment, $files, $exit);
    for my $paragraph (split /^\.Pp\n/m, $text) {
        if ($paragraph =~ /\ASettings, from /) { $environment = $paragraph; next }
        if ($paragraph =~ /\AFiles:\n/) { $files = $paragraph; next }
        $exit = $1 if $paragraph =~ s/^Exit status: (.*)\.\n//m;
        push @kept, $paragraph if $paragraph ne "";
    }
    defined $environment && defined $files && defined $exit
        or die "manual.sh: weather --help lacks its settings, its files or its exit status\n";
    $rest =~ s/^\.Sh "EXIT STATUS"\n\.Ex -std\n?//m or die "manual.sh: no generated EXIT STATUS to replace\n";
    # A list of the help ("  NAME   what", continued under "what") as an mdoc tag list of macro $macro,
    # between the lines before and after it.
    sub tags {
        my ($block, $macro) = @_;
        my (@before, @items, @after);
        for my $line (split /\n/, $block) {
            if (!@after && $line =~ /^  (\S.*?)(?: {2,}(\S.*))?$/) { push @items, [$1, $2 // ""] }
            elsif (!@after && @items && $line =~ /^ {3,}(\S.*)$/) { $items[-1][1] .= ($items[-1][1] eq "" ? "" : " ") . $1 }
            elsif (@items) { push @after, $line }
            else { push @before, $line }
        }
        my $list = ".Bl -tag -width Ds\n";
        for my $item (@items) {
            my $name = join(" , ", split(/, /, $item->[0]));
            $list .= ".It $macro $name\n$item->[1]\n";
        }
        $list .= ".El\n";
        return (join(" ", @before), $list, join("\n", @after));
    }
    my ($intro, $variables, $outro) = tags($environment, "Ev");
    my (undef, $paths) = tags($files, "Pa");
    my $statuses = ".Bl -tag -width Ds\n";
    for (split /, /, $exit) { /^(\d+) (.*)$/ or die "manual.sh: unreadable exit status \"$_\"\n"; $statuses .= ".It $1\n$2\n" }
    $statuses .= ".El\n";
    print $head, join(".Pp\n", @kept), $rest,
        ".Sh ENVIRONMENT\n$intro\n$variables", ($outro eq "" ? "" : ".Pp\n$outro\n"),
        ".Sh FILES\n$paths", ".Sh EXIT STATUS\n$statuses";
' > "$output"
