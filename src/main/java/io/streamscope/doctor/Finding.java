package io.streamscope.doctor;

import java.util.Objects;

/**
 * One thing the doctor found in a checkpoint, with the safe way forward.
 *
 * @param id       stable identifier ({@code offsets-gap}, {@code uncommitted-batch}, …): scripts and tests key on it
 * @param severity how much it matters for a restart
 * @param path     the file or folder it is about, relative to the checkpoint, or null for the whole checkpoint
 * @param batchId  the batch it is about, or null
 * @param message  what is the matter, in a sentence or two
 * @param fix      the safe action and what it costs
 */
public record Finding(String id, Severity severity, String path, Long batchId, String message, String fix) {

    public enum Severity {
        /** A restart fails, or loses or repeats data. */
        ERROR,
        /** A restart may fail or behave unexpectedly; look before restarting. */
        WARNING,
        /** Normal Spark behaviour worth knowing (a batch that will replay, a crash mid-write). */
        INFO;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public Finding {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(fix, "fix");
    }
}
