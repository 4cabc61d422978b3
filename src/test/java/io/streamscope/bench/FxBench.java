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

    /** Starts JavaFX as the benchmarks run it: headless (Monocle), software rendering. */
    static void startHeadless() throws InterruptedException {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
    }

    /** The app's window at 1280x800, settings in memory, showing {@code folder} (null: none yet). */
    static MainWindow window(java.nio.file.Path folder) throws Exception {
        return onFx(() -> {
            try {
                MainWindow created = MainWindow.create(io.streamscope.ui.WindowModel.create(
                        io.streamscope.ui.recent.RecentFolders.inMemory()));
                javafx.stage.Stage stage = new javafx.stage.Stage();
                created.show(stage);
                stage.setWidth(1280);
                stage.setHeight(800);
                if (folder != null) {
                    created.model().open(folder);
                }
                return created;
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        });
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
