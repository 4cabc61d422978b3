package io.streamscope.bench;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Command start-up: {@code bin/streamscope} of the app image ({@code mvn -Pdist package}) against {@code java -jar
 * target/streamscope.jar}, the anchor, on the same commands and sample, alternating, whole processes. Prints each
 * median and the ratio (target: the image at most 0.7× the jar).
 * Run: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=io.streamscope.bench.StartupBench}
 */
public final class StartupBench {

    private static final int RUNS = 9;
    private static final String SAMPLE = "sample-checkpoints/shop-totals-update";

    private StartupBench() {
    }

    public static void main(String[] args) throws Exception {
        Path image = Path.of("target/dist/streamscope/bin/streamscope");
        Path jar = Path.of("target/streamscope.jar");
        if (!Files.isExecutable(image) || !Files.isRegularFile(jar)) {
            System.out.println("StartupBench: build both first: mvn -B -Pdist package -DskipTests");
            return;
        }
        for (String command : List.of("inspect", "state", "replay", "doctor")) {
            List<Long> imageMs = new ArrayList<>();
            List<Long> jarMs = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                imageMs.add(run(List.of(image.toString(), command, SAMPLE)));
                jarMs.add(run(List.of("java", "-jar", jar.toString(), command, SAMPLE)));
            }
            long a = median(imageMs);
            long b = median(jarMs);
            System.out.printf("%-8s app image %4d ms · java -jar %4d ms · %.2f×%n", command, a, b, a / (double) b);
        }
    }

    private static long run(List<String> command) throws Exception {
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.to(new File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        if (process.waitFor() != 0) {
            throw new IllegalStateException(command + " failed");
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
