# Rows of a .csv as tb.v reads them: numbers separated by spaces, one row a line. Blank lines are skipped, and
# a first line none of whose fields is a number (a header); quotes and spaces around fields are dropped.
function numeric(s) { return s ~ /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/ }
BEGIN { FS = "," ; rows = 0 }
{
    sub(/\r$/, "")
    if ($0 ~ /^[ \t]*$/) next
    line = ""; anyNumber = 0
    for (i = 1; i <= NF; i++) {
        f = $i
        gsub(/^[ \t]+|[ \t]+$/, "", f); gsub(/^"|"$/, "", f); gsub(/^[ \t]+|[ \t]+$/, "", f)
        if (numeric(f)) anyNumber = 1
        fields[i] = f
    }
    if (rows == 0 && !anyNumber) { rows = -1; next }
    for (i = 1; i <= NF; i++) {
        if (!numeric(fields[i])) {
            printf "examples.awk: %s: line %d, field %d: \"%s\" is not a number\n", FILENAME, NR, i, fields[i] > "/dev/stderr"
            exit 1
        }
        line = line (i > 1 ? " " : "") fields[i]
    }
    print line
    if (rows < 0) rows = 0
    rows++
}
