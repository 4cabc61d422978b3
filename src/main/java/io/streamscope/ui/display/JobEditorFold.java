package io.streamscope.ui.display;

import java.util.Locale;
import java.util.Optional;

/**
 * Whether the job editor is unfolded above the tables: {@link #AUTO} (until the user chooses) folds it to its one-line
 * bar when the work area is too short for the editor and three whole rows of the tables; the user's choice,
 * {@link #OPEN} or {@link #FOLDED}, holds at any height and is remembered.
 */
public enum JobEditorFold {
    AUTO, OPEN, FOLDED;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<JobEditorFold> find(String id) {
        for (JobEditorFold fold : values()) {
            if (fold.id().equals(id)) {
                return Optional.of(fold);
            }
        }
        return Optional.empty();
    }

    /** Folded, given whether the work area is short. */
    public boolean folds(boolean shortOfRoom) {
        return this == FOLDED || this == AUTO && shortOfRoom;
    }
}
