package io.streamscope.task;

/**
 * A long piece of work without JavaFX (JabRef's {@code BackgroundTask}): it is handed its {@link Work}, asks its
 * cancellation between chunks and reports progress to it. The window adapts it to its thread in one place
 * ({@code ui.tasks.ReadTask}, run by {@code ui.tasks.LatestRunWins}); tests and the CLI call it directly.
 */
@FunctionalInterface
public interface BackgroundTask<T> {

    T call(Work work) throws Exception;
}
