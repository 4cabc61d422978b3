package io.streamscope.task;

/**
 * How far a long read has come: {@code done} of {@code total} {@code unit}s of {@code what}.
 *
 * @param what  what is being read, for the status bar ("state/0/3/2.zip", "offsets", "topic orders")
 * @param done  units done so far
 * @param total units in the whole read, or -1 while not known
 */
public record Progress(String what, long done, long total, Unit unit) {

    public enum Unit {
        FILES("files"), BYTES("bytes"), RECORDS("records"), BATCHES("batches"), ROWS("rows"),
        PARTITIONS("partitions"), OFFSETS("offsets"), CHECKS("checks");

        private final String word;

        Unit(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /** From 0 to 1, or -1 while the total is not known. */
    public double fraction() {
        if (total < 0) {
            return -1;
        }
        return total == 0 ? 1.0 : Math.min(1.0, (double) done / total);
    }

    /**
     * For the status bar: {@code state/0/3: 120 of 200 partitions}, {@code topic file orders.jsonl: 12.5 of 40.0 MB},
     * or {@code offsets: 12 files} without a total.
     */
    public String describe() {
        String prefix = what == null || what.isEmpty() ? "" : what + ": ";
        if (unit == Unit.BYTES) {
            return prefix + megabytes(done) + (total < 0 ? "" : " of " + megabytes(total)) + " MB";
        }
        return total < 0 ? prefix + done + " " + unit.word() : prefix + done + " of " + total + " " + unit.word();
    }

    private static String megabytes(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f", bytes / 1e6);
    }
}
