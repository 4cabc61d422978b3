package io.streamscope.bench;

import io.streamscope.ui.MainWindow;
import javafx.application.Platform;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** What the window benchmarks share: work on the FX thread, and waiting for the window's background reads. */
final class FxBench {

    private FxBench() {
    }

    static void awaitIdle(MainWindow window) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            boolean idle = onFx(() -> !window.viewModel().isLoading() && !window.model().activity().isBusy());
            if (idle) {
                return;
            }
            Thread.sleep(1);
        }
        throw new IllegalStateException("the window did not finish its reads");
    }

    static <T> T onFx(Supplier<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.get());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(5, TimeUnit.MINUTES);
    }
}
