package io.streamscope.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Test helper: runs the jar's entry point ({@code io.streamscope.Launcher}) in a child JVM with the test class path
 * and a small heap, as a user runs {@code java -Xmx256m -jar streamscope.jar …}, and keeps its exit code and output.
 */
public final class ChildJvm {

    /** What the child printed; {@code exitCode} is -1 when it was killed at the timeout. */
    public record Result(int exitCode, String out, String err) {
    }

    private ChildJvm() {
    }

    public static Result launch(String heap, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        return run(heap, timeoutSeconds, "io.streamscope.Launcher", args);
    }

    /** Likewise, {@code mainClass} (a test's own main) in place of the jar's entry point. */
    public static Result run(String heap, long timeoutSeconds, String mainClass, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heap);
        command.add("-XX:+UseSerialGC");
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-Djava.awt.headless=true");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(List.of(args));
        Path out = Files.createTempFile("streamscope-child", ".out");
        Path err = Files.createTempFile("streamscope-child", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice())).start();
            int code;
            if (process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                code = process.exitValue();
            } else {
                process.destroyForcibly().waitFor();
                code = -1;
            }
            return new Result(code, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
