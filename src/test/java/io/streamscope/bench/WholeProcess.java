package io.streamscope.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Runs a command as a whole process, as a user would, and measures its wall time and, through {@code /usr/bin/time}
 * where it exists, its peak resident set. Standard output goes to a file (or {@code /dev/null}), so writing the
 * answer is part of the job.
 */
final class WholeProcess {

    private static final Path TIME = Path.of("/usr/bin/time");

    /**
     * One run: wall milliseconds, CPU milliseconds (user + system: what the machine's other load does not change much)
     * and peak RSS in MB; the last two -1 when {@code /usr/bin/time} is absent.
     */
    record Run(long millis, long cpuMillis, long peakRssMb) {
    }

    private WholeProcess() {
    }

    static Run run(List<String> command, File stdout) throws IOException, InterruptedException {
        return run(command, stdout, new File("."));
    }

    /** Likewise in the working directory {@code dir}. */
    static Run run(List<String> command, File stdout, File dir) throws IOException, InterruptedException {
        return run(command, stdout, dir, java.util.Map.of());
    }

    /** Likewise with {@code environment} added to the child's. */
    static Run run(List<String> command, File stdout, File dir, java.util.Map<String, String> environment)
            throws IOException, InterruptedException {
        Path report = Files.createTempFile("streamscope-time", ".txt");
        try {
            List<String> timed = new ArrayList<>();
            boolean measured = Files.isExecutable(TIME);
            if (measured) {
                timed.addAll(List.of(TIME.toString(), "-f", "%M %U %S", "-o", report.toString()));
            }
            timed.addAll(command);
            long start = System.nanoTime();
            ProcessBuilder builder = new ProcessBuilder(timed).directory(dir).redirectOutput(ProcessBuilder.Redirect.to(stdout))
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            builder.environment().putAll(environment);
            Process process = builder.start();
            int exit = process.waitFor();
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (exit != 0) {
                throw new IllegalStateException(String.join(" ", command.subList(0, Math.min(4, command.size()))) + " … exited " + exit);
            }
            List<String> lines = measured ? Files.readAllLines(report) : List.of();
            if (lines.isEmpty()) {
                return new Run(millis, -1, -1);
            }
            String[] figures = lines.get(lines.size() - 1).trim().split(" ");
            long cpu = Math.round((Double.parseDouble(figures[1]) + Double.parseDouble(figures[2])) * 1000);
            return new Run(millis, cpu, Long.parseLong(figures[0]) / 1024);
        } finally {
            Files.deleteIfExists(report);
        }
    }

    static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /** "median (min–max)" of millisecond figures, in seconds. */
    static String seconds(List<Long> millis) {
        return String.format("%.2f s (%.2f–%.2f)", median(millis) / 1000.0, Collections.min(millis) / 1000.0,
                Collections.max(millis) / 1000.0);
    }

    /** The JVM command of the jar, or the app image's launcher, with {@code args} after it. */
    static List<String> jar(List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>(List.of("java"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", "target/streamscope.jar"));
        command.addAll(List.of(args));
        return command;
    }

    static final Path IMAGE = Path.of("target/dist/streamscope/bin/streamscope");

    static List<String> image(String... args) {
        List<String> command = new ArrayList<>(List.of(IMAGE.toString()));
        command.addAll(List.of(args));
        return command;
    }
}
