package io.streamscope.checkpoint;

import java.util.Objects;

/**
 * A fact about a checkpoint worth a remark that is normal Spark behaviour, not damage: a batch that will replay,
 * history purged by retention, a gap left by async progress tracking.
 *
 * @param path    the file or folder it is about, relative to the checkpoint, or null for the whole checkpoint
 * @param message the remark
 */
public record Note(String path, String message) {

    public Note {
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return path == null ? message : path + ": " + message;
    }
}
