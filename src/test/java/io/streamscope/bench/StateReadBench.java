package io.streamscope.bench;

import io.streamscope.cli.Cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Benchmark of the {@code state} command on a 1M-key, 200-partition HDFS store (three versions of deltas): rows/s
 * and MB/s of JSON, in-process, five runs. With an argument it writes the checkpoint there and keeps it, so the
 * jar can be timed on it too: {@code time java -jar target/streamscope.jar state DIR --batch 2 > rows.json}.
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.StateReadBench [-Dexec.args=DIR]}
 */
public final class StateReadBench {

    private static final int KEYS = 1_000_000;
    private static final int PARTITIONS = 200;

    private StateReadBench() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = args.length > 0 ? Files.createDirectories(Path.of(args[0])) : Files.createTempDirectory("streamscope-state-bench");
        if (!Files.exists(folder.resolve("metadata"))) {
            long start = System.nanoTime();
            SyntheticStateStore.write(folder, KEYS, PARTITIONS);
            System.out.printf("wrote %s in %s in %.1f s%n", SyntheticStateStore.describe(KEYS, PARTITIONS), folder,
                    (System.nanoTime() - start) / 1e9);
        }
        for (int run = 1; run <= 5; run++) {
            CountingOutput out = new CountingOutput();
            long start = System.nanoTime();
            int exit = Cli.run(new String[]{"state", folder.toString(), "--batch", "2"}, new PrintStream(out), System.err);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("run %d: exit %d, %,d rows in %.2f s = %,.0f rows/s, %.0f MB of JSON = %.0f MB/s, heap used %d MB%n",
                    run, exit, out.lines - 2, seconds, (out.lines - 2) / seconds, out.bytes / 1e6, out.bytes / 1e6 / seconds,
                    (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) / (1024 * 1024));
        }
    }

    /** Discards the JSON, counting bytes and lines. */
    private static final class CountingOutput extends OutputStream {
        long bytes;
        long lines;

        @Override
        public void write(int b) {
            bytes++;
            if (b == '\n') {
                lines++;
            }
        }

        @Override
        public void write(byte[] buffer, int offset, int length) {
            bytes += length;
            for (int i = offset; i < offset + length; i++) {
                if (buffer[i] == '\n') {
                    lines++;
                }
            }
        }
    }
}
