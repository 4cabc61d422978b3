package io.streamscope.task;

/** Told as a long read goes, on the reading thread; a view model forwards it to its task's progress. */
@FunctionalInterface
public interface ProgressListener {

    ProgressListener NONE = progress -> {
    };

    void onProgress(Progress progress);
}
