package io.streamscope.checkpoint;

import java.util.Objects;

/**
 * Content in a checkpoint folder that is damaged or unreadable.
 *
 * @param path     the file, relative to the folder that was opened, with {@code /} separators
 * @param where    the line ({@code "line 3"}) or byte ({@code "byte 17"}) where reading failed, or null for the whole file
 * @param message  what is wrong, in words a user can act on
 * @param severity {@link Severity#ERROR} when the content could not be read, {@link Severity#WARNING} when it was
 *                 read but looks wrong
 */
public record Problem(String path, String where, String message, Severity severity) {

    public enum Severity { ERROR, WARNING }

    public Problem {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(severity, "severity");
    }

    public static Problem error(String path, String where, String message) {
        return new Problem(path, where, message, Severity.ERROR);
    }

    @Override
    public String toString() {
        return path + (where == null ? "" : " (" + where + ")") + ": " + message;
    }
}
