package io.streamscope.topic;

/** Told after every chunk of a read, on the reading thread. */
@FunctionalInterface
public interface ProgressListener {

    ProgressListener NONE = progress -> {
    };

    void onProgress(ReadProgress progress);
}
