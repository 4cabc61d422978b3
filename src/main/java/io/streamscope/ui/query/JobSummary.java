package io.streamscope.ui.query;

/**
 * The job in a few words, for the folded editor's bar: its first comment (a job file's own description), else its
 * first line, and how many lines it has; the parser's message first when there is one.
 */
final class JobSummary {

    private JobSummary() {
    }

    static String of(String job, String error) {
        String text = job == null ? "" : job.strip();
        String prefix = error == null || error.isBlank() ? "" : "⚠ " + error.strip().lines().findFirst().orElse("") + " · ";
        if (text.isEmpty()) {
            return prefix + "No job: unfold the editor to paste one, or open it";
        }
        String[] lines = text.split("\n", -1);
        String first = null;
        for (String line : lines) {
            String comment = comment(line.strip());
            if (comment != null && !comment.isEmpty()) {
                first = comment;
                break;
            }
        }
        if (first == null) {
            first = lines[0].strip();
        }
        return prefix + first + " · " + lines.length + (lines.length == 1 ? " line" : " lines");
    }

    /** The text of a Python or Scala comment line, or null. */
    private static String comment(String line) {
        if (line.startsWith("#!")) {
            return null; // a shebang says nothing of the job
        }
        if (line.startsWith("#")) {
            return line.substring(1).strip();
        }
        if (line.startsWith("//")) {
            return line.substring(2).strip();
        }
        return null;
    }
}
