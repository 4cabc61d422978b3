package io.streamscope.ui;

import io.streamscope.checkpoint.Note;
import io.streamscope.checkpoint.Problem;

/**
 * One line of the problems list: a damaged file, a remark on normal Spark behaviour, or a folder that could not be
 * opened at all.
 *
 * @param kind    what sort of line it is
 * @param path    the file or folder it is about, relative to the checkpoint; null for the whole checkpoint
 * @param where   line or byte within the file, or null
 * @param message the text
 */
public record Finding(Kind kind, String path, String where, String message) {

    public enum Kind {
        ERROR("error"),
        WARNING("warning"),
        NOTE("note");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** Shown as a tag in front of the message and used as the CSS pseudo-class. */
        public String label() {
            return label;
        }
    }

    public static Finding of(Problem problem) {
        Kind kind = problem.severity() == Problem.Severity.WARNING ? Kind.WARNING : Kind.ERROR;
        return new Finding(kind, problem.path(), problem.where(), problem.message());
    }

    public static Finding of(Note note) {
        return new Finding(Kind.NOTE, note.path(), null, note.message());
    }

    public static Finding failure(String message) {
        return new Finding(Kind.ERROR, null, null, message);
    }

    public String text() {
        String location = path == null ? "" : path;
        if (where != null) {
            location = location.isEmpty() ? where : location + " (" + where + ")";
        }
        return location.isEmpty() ? message : location + ": " + message;
    }
}
