package io.streamscope.ui.export;

import io.streamscope.ui.BackgroundTasks;
import javafx.concurrent.Task;
import javafx.scene.Scene;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Writes a PNG of the window or a CSV of a table to a file the user chose: the pixels or cells are taken on the FX
 * thread, the encoding and writing run in the background. It refuses any file inside the open checkpoint folder.
 */
public final class Exporter {

    private final Executor executor;
    private final Supplier<Path> checkpointFolder;
    private final Consumer<String> report;

    /**
     * @param checkpointFolder the open checkpoint, or null
     * @param report           receives one sentence per export, on the FX thread ("Saved …", "Could not save …")
     */
    public Exporter(Executor executor, Supplier<Path> checkpointFolder, Consumer<String> report) {
        this.executor = executor;
        this.checkpointFolder = checkpointFolder;
        this.report = report;
    }

    /** A PNG of everything the window shows now. FX thread. */
    public Task<Path> writePng(Scene scene, Path file) {
        PngImage image = PngImage.of(scene.snapshot(null));
        return write(file, "picture", target -> {
            try (OutputStream out = Files.newOutputStream(target)) {
                image.write(out);
            }
        });
    }

    /** A CSV of {@code table}. FX thread. */
    public Task<Path> writeCsv(CsvTable table, Path file) {
        return write(file, "table", target -> {
            try (Writer out = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
                table.write(out);
            }
        });
    }

    private interface FileWriter {
        void write(Path target) throws IOException;
    }

    private Task<Path> write(Path file, String what, FileWriter writer) {
        Path target = file.toAbsolutePath().normalize();
        Path checkpoint = checkpointFolder.get();
        return BackgroundTasks.create(() -> {
                    refuseInside(target, checkpoint);
                    writer.write(target);
                    return target;
                })
                .titled("Saving the " + what + " to " + target.getFileName())
                .onSuccess(path -> report.accept("Saved the " + what + " to " + path))
                .onFailure(error -> report.accept("Could not save the " + what + ": " + error.getMessage()))
                .runOn(executor);
    }

    /** Streamscope only reads checkpoints: an export never lands inside one. */
    static void refuseInside(Path target, Path checkpoint) throws IOException {
        if (checkpoint == null) {
            return;
        }
        Path folder = checkpoint.toAbsolutePath().normalize();
        Path real = target;
        try {
            folder = folder.toRealPath();
            Path parent = target.getParent();
            if (parent != null && Files.exists(parent)) {
                real = parent.toRealPath().resolve(target.getFileName());
            }
        } catch (IOException unresolved) {
            // compare the paths as given
        }
        if (real.startsWith(folder)) {
            throw new IOException("Streamscope never writes into a checkpoint folder; choose a file outside " + folder);
        }
    }
}
