package io.streamscope.bench;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The state targets of issue 16, whole processes ({@code java -jar target/streamscope.jar state DIR --batch 2 > FILE},
 * and the app image's {@code bin/streamscope} when built), each beside its anchor: Spark 4.0.1's State Data Source
 * on the same layout, rows and JSON (measured once on this machine, 2 cores, from a real Spark query's checkpoint:
 * Spark is no dependency of ours, so its figure is quoted), and the decompression floor (a process that only
 * decompresses the same files, LZ4 or zstd: {@link DecompressionFloor}) run in the same loop. Peak RSS through {@code /usr/bin/time}.
 * <ul>
 * <li>{@code rocksdb}: 1M keys, 200 partitions, RocksDB with changelog checkpointing; Spark 15.2–18.9 s, 900 MB;
 *     target ≥ 20× Spark (≤ 0.76 s), ≤ 150 MB RSS</li>
 * <li>{@code hdfs10m}: 10M keys, HDFS, in {@code -Xmx512m}; Spark 24.0 s, 4.4 GB; target ≥ 10× (≤ 2.4 s)</li>
 * <li>{@code hdfs}: 1M keys, HDFS; Spark 10.0–10.5 s; target ≥ 12× (≤ 0.83 s) and ≤ 1.2× the LZ4 floor</li>
 * <li>{@code history}: the 1M keys of {@code hdfs} after 100 batches with Spark's defaults (a snapshot every ten
 *     versions, all 100 kept: 22,000 files, 144 MB), read at the newest; no Spark figure and no target, the floor
 *     that of the files the read takes (the newest snapshots)</li>
 * <li>{@code zstd}: the 1M keys of {@code hdfs} with {@code spark.sql.streaming.stateStore.compression.codec=zstd}; no
 *     Spark figure and no target, beside its zstd floor</li>
 * </ul>
 * The stores are written once under {@code target/bench-state/} (the 10M one takes a minute) and kept.
 * Run after {@code mvn -B -o -q package -DskipTests}:
 * {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.StateTargetsBench
 * [-Dexec.args="rocksdb hdfs"]}
 */
public final class StateTargetsBench {

    private static final int RUNS = 5;
    private static final int PARTITIONS = 200;

    /** A store to read; {@code versions} beyond three: a history ({@link SyntheticStateStore#writeHistory}). */
    private record Case(String name, int keys, SyntheticStateStore.Layout layout, int versions, List<String> jvm,
                        double sparkLow, double sparkHigh, String sparkMemory, double targetTimes) {

        boolean quoted() {
            return sparkLow > 0;
        }

        String codec() {
            return layout == SyntheticStateStore.Layout.HDFS_ZSTD ? "zstd" : "LZ4";
        }

        /** The files the floor decompresses: all, or those of the newest version's snapshots. */
        List<String> floorFiles() {
            return versions == 3 ? List.of() : List.of(versions + "\\.snapshot");
        }
    }

    private static final List<Case> CASES = List.of(
            new Case("rocksdb", 1_000_000, SyntheticStateStore.Layout.ROCKSDB_CHANGELOG, 3, List.of(), 15.2, 18.9, "900 MB", 20),
            new Case("hdfs10m", 10_000_000, SyntheticStateStore.Layout.HDFS, 3, List.of("-Xmx512m"), 24.0, 24.0, "4.4 GB", 10),
            new Case("hdfs", 1_000_000, SyntheticStateStore.Layout.HDFS, 3, List.of(), 10.0, 10.5, "?", 12),
            new Case("history", 1_000_000, SyntheticStateStore.Layout.HDFS, 100, List.of(), 0, 0, "", 0),
            new Case("zstd", 1_000_000, SyntheticStateStore.Layout.HDFS_ZSTD, 3, List.of(), 0, 0, "", 0));

    private StateTargetsBench() {
    }

    public static void main(String[] args) throws Exception {
        if (!Files.isRegularFile(Path.of("target/streamscope.jar"))) {
            System.out.println("StateTargetsBench: build the jar first: mvn -B -o -q package -DskipTests");
            return;
        }
        List<String> chosen = args.length == 0 ? List.of("rocksdb", "hdfs10m", "hdfs", "history", "zstd") : List.of(args);
        Path base = Files.createDirectories(Path.of("target/bench-state"));
        for (Case c : CASES) {
            if (chosen.contains(c.name())) {
                run(c, base.resolve(c.name()));
            }
        }
    }

    private static void run(Case c, Path folder) throws Exception {
        if (!Files.exists(folder.resolve("metadata"))) {
            Files.createDirectories(folder);
            long start = System.nanoTime();
            if (c.versions() == 3) {
                SyntheticStateStore.write(folder, c.keys(), PARTITIONS, c.layout());
            } else {
                SyntheticStateStore.writeHistory(folder, c.keys(), PARTITIONS, c.versions());
            }
            System.out.printf("wrote %s (%s) in %s in %.1f s%n", SyntheticStateStore.describe(c.keys(), PARTITIONS),
                    c.layout(), folder, (System.nanoTime() - start) / 1e9);
        }
        File out = folder.resolveSibling(c.name() + "-rows.json").toFile();
        boolean image = Files.isExecutable(WholeProcess.IMAGE);
        List<Long> floorMs = new ArrayList<>();
        List<Long> jarMs = new ArrayList<>();
        List<Long> jarRss = new ArrayList<>();
        List<Long> jarCpu = new ArrayList<>();
        List<Long> imageCpu = new ArrayList<>();
        List<Long> imageMs = new ArrayList<>();
        List<Long> imageRss = new ArrayList<>();
        List<String> floor = new ArrayList<>(List.of("java", "-cp", "target/test-classes:target/streamscope.jar",
                DecompressionFloor.class.getName(), folder.toString()));
        floor.addAll(c.floorFiles());
        String batch = String.valueOf(c.versions() - 1);
        for (int run = 0; run < RUNS; run++) {
            floorMs.add(WholeProcess.run(floor, new File("/dev/null")).millis());
            WholeProcess.Run jar = WholeProcess.run(WholeProcess.jar(c.jvm(), "state", folder.toString(), "--batch", batch), out);
            jarMs.add(jar.millis());
            jarRss.add(jar.peakRssMb());
            jarCpu.add(jar.cpuMillis());
            if (image) {
                // the launcher takes no JVM options; the JVM reads them from JAVA_TOOL_OPTIONS
                WholeProcess.Run img = WholeProcess.run(WholeProcess.image("state", folder.toString(), "--batch", batch), out,
                        new File("."), c.jvm().isEmpty() ? java.util.Map.of() : java.util.Map.of("JAVA_TOOL_OPTIONS", String.join(" ", c.jvm())));
                imageMs.add(img.millis());
                imageRss.add(img.peakRssMb());
                imageCpu.add(img.cpuMillis());
            }
        }
        long rows = countRows(out);
        System.out.printf("%s: %,d keys, 200 partitions, %s %s: %,d rows, %.0f MB of JSON; medians of %d (min–max)%n",
                c.name(), c.keys(), c.layout(), String.join(" ", c.jvm()), rows, out.length() / 1e6, RUNS);
        if (c.quoted()) {
            System.out.printf("  Spark 4.0.1 State Data Source (quoted)  %.1f–%.1f s, %s%n", c.sparkLow(), c.sparkHigh(), c.sparkMemory());
        }
        System.out.printf("  %-4s floor (DecompressionFloor, a process) %s%n", c.codec(), WholeProcess.seconds(floorMs));
        print("java -jar", jarMs, jarCpu, jarRss, c, floorMs);
        if (image) {
            print("app image", imageMs, imageCpu, imageRss, c, floorMs);
        }
        if (c.quoted()) {
            System.out.printf("  target: ≥ %.0f× Spark (≤ %.2f s)%s%n", c.targetTimes(), c.sparkLow() / c.targetTimes(),
                    c.name().equals("rocksdb") ? ", ≤ 150 MB RSS" : c.name().equals("hdfs") ? ", ≤ 1.2× the LZ4 floor" : "");
        }
        Files.deleteIfExists(out.toPath());
    }

    private static void print(String what, List<Long> ms, List<Long> cpu, List<Long> rss, Case c, List<Long> floorMs) {
        double seconds = WholeProcess.median(ms) / 1000.0;
        String spark = c.quoted() ? String.format(" = %.1f–%.1f× faster than Spark,", c.sparkLow() / seconds, c.sparkHigh() / seconds) : ",";
        System.out.printf("  %-38s  %s (CPU %s), peak RSS %d MB (%d–%d)%s %.2f× the %s floor%n",
                what, WholeProcess.seconds(ms), WholeProcess.seconds(cpu), WholeProcess.median(rss), rss.stream().min(Long::compare).orElse(-1L),
                rss.stream().max(Long::compare).orElse(-1L), spark, seconds * 1000 / WholeProcess.median(floorMs), c.codec());
    }

    /** The lines that are rows: {@code {"partition":…}}, one a line. */
    private static long countRows(File file) throws java.io.IOException {
        long rows = 0;
        try (var lines = Files.lines(file.toPath())) {
            rows = lines.filter(line -> line.startsWith("{\"partition\"")).count();
        }
        return rows;
    }
}
