package io.streamscope.bench;

import io.streamscope.TempTree;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code inspect} of 10,000 batches × 16 Kafka partitions (and 200 × 100 state files), whole processes, against the
 * anchor in the same run: {@code cat} of the same files to {@code /dev/null}. Alternates {@code cat}, {@code java -jar}
 * and the app image (when built), seven runs each, and prints the medians and ranges (target: at most 2× {@code cat}).
 * Run after {@code mvn -B -o -q package -DskipTests} (and {@code -Pdist} for the image):
 * {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.InspectBench}
 */
public final class InspectBench {

    private static final int RUNS = 7;

    private InspectBench() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Files.createTempDirectory("streamscope-inspect-bench");
        try {
            CheckpointReadBench.write(folder);
            // relative names, run in the folder: 40,000 absolute ones pass the kernel's argument limit
            List<String> catAll = new ArrayList<>(List.of("cat"));
            List<String> cat = new ArrayList<>(List.of("cat"));
            try (Stream<Path> files = Files.walk(folder)) {
                files.filter(Files::isRegularFile).map(f -> folder.relativize(f).toString()).sorted().forEach(catAll::add);
            }
            // the anchor: what inspect reads (the state files it only lists)
            catAll.stream().skip(1).filter(name -> !name.startsWith("state")).forEach(cat::add);
            File out = folder.resolve("../streamscope-inspect-bench.json").normalize().toFile();
            boolean image = Files.isExecutable(WholeProcess.IMAGE);
            List<Long> catMs = new ArrayList<>();
            List<Long> catAllMs = new ArrayList<>();
            List<Long> jarMs = new ArrayList<>();
            List<Long> jarCpu = new ArrayList<>();
            List<Long> imageMs = new ArrayList<>();
            List<Long> imageCpu = new ArrayList<>();
            for (int run = 0; run < RUNS; run++) {
                catMs.add(WholeProcess.run(cat, new File("/dev/null"), folder.toFile()).millis());
                catAllMs.add(WholeProcess.run(catAll, new File("/dev/null"), folder.toFile()).millis());
                WholeProcess.Run jar = WholeProcess.run(WholeProcess.jar(List.of(), "inspect", folder.toString()), out);
                jarMs.add(jar.millis());
                jarCpu.add(jar.cpuMillis());
                if (image) {
                    WholeProcess.Run img = WholeProcess.run(WholeProcess.image("inspect", folder.toString()), out);
                    imageMs.add(img.millis());
                    imageCpu.add(img.cpuMillis());
                }
            }
            long anchor = WholeProcess.median(catMs);
            System.out.printf("inspect of %,d batches × 16 partitions (%,d files, %,d of them state files it lists;"
                    + " %.1f MB of JSON out); medians of %d, (min–max)%n", CheckpointReadBench.BATCHES, catAll.size() - 1,
                    catAll.size() - cat.size(), out.length() / 1e6, RUNS);
            System.out.printf("  cat offsets/* commits/* metadata (anchor)  %s%n", WholeProcess.seconds(catMs));
            System.out.printf("  cat of every file, state too             %s%n", WholeProcess.seconds(catAllMs));
            System.out.printf("  java -jar target/streamscope.jar inspect   %s = %.2f× cat; CPU %s%n", WholeProcess.seconds(jarMs),
                    WholeProcess.median(jarMs) / (double) anchor, WholeProcess.seconds(jarCpu));
            if (image) {
                System.out.printf("  bin/streamscope inspect (app image)      %s = %.2f× cat; CPU %s%n", WholeProcess.seconds(imageMs),
                        WholeProcess.median(imageMs) / (double) anchor, WholeProcess.seconds(imageCpu));
            } else {
                System.out.println("  app image: not built (mvn -B -Pdist package -DskipTests)");
            }
            System.out.println("  target: ≤ 2× cat of the files inspect reads");
            Files.deleteIfExists(out.toPath());
        } finally {
            TempTree.delete(folder);
        }
    }
}
