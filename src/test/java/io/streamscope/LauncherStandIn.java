package io.streamscope;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The app image's launcher ({@code packaging/launcher.sh}) run as the image runs it, with a stand-in for the image's
 * {@code java} that prints the options it was given: what the launcher picks, without a JVM.
 */
final class LauncherStandIn {

    private LauncherStandIn() {
    }

    /** An image's layout with the real launcher and a {@code java} that prints its arguments, one a line. */
    static Path image(Path dir) throws IOException {
        Path image = dir.resolve("image");
        Path bin = Files.createDirectories(image.resolve("bin"));
        Path launcher = bin.resolve("streamscope");
        Files.copy(Path.of("packaging/launcher.sh"), launcher);
        Path java = Files.createDirectories(image.resolve("lib/runtime/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
        Path app = Files.createDirectories(image.resolve("lib/app"));
        Files.createFile(app.resolve("streamscope.jar"));
        // the archives are taken as made for this folder, so the launcher does not try to make them
        Files.writeString(app.resolve("streamscope.jsa.path"), app.toRealPath().resolve("streamscope.jar") + "\n");
        assertTrue(launcher.toFile().setExecutable(true) && java.toFile().setExecutable(true));
        return image;
    }

    /** The options the launcher gives {@code java} for these arguments, with no JVM options of the user's. */
    static List<String> options(Path image, String... arguments) throws Exception {
        return options(image, Map.of(), arguments);
    }

    /** As {@link #options(Path, String...)}, with {@code environment} set (a user's JAVA_TOOL_OPTIONS). */
    static List<String> options(Path image, Map<String, String> environment, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(image.resolve("bin/streamscope").toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().remove("JDK_JAVA_OPTIONS");
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
        assertEquals(0, process.exitValue(), output);
        return output.lines().toList();
    }
}
