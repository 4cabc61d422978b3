package io.streamscope.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.FolderSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fuzz cases where heap matters, each in a child JVM with {@code -Xmx256m} as the jar runs ({@link ChildJvm}):
 * a metadata-log line grown to 50–63 MB, and a state file's compression length set to 2 GB, in seeded copies of the
 * samples and fixtures, through {@code inspect}, {@code state} and {@code replay}. A few cases per run (a child JVM
 * costs a second or two); {@code -Dstreamscope.fuzz.heapCases=N} for more.
 */
class HeapBoundFuzzTest {

    private static final int CASES = Integer.getInteger("streamscope.fuzz.heapCases", 4);

    @TempDir
    Path temp;

    @Test
    void hugeLinesAndHugeLengthsAreProblemsAtA256MbHeap() throws Exception {
        List<CheckpointFuzzTest.Seed> seeds = CheckpointFuzzTest.seeds();
        Path run = temp.resolve("run");
        Files.createDirectories(run);
        Files.createSymbolicLink(run.resolve("topics"), Path.of("sample-checkpoints/topics").toAbsolutePath());
        for (int i = 0; i < CASES; i++) {
            Random random = new Random(CheckpointFuzzTest.SEED * 17 + i);
            CheckpointFuzzTest.Seed seed = seeds.get(random.nextInt(seeds.size()));
            Path copy = run.resolve("heap-" + i);
            FolderSnapshot.copyTree(seed.folder(), copy);
            boolean hugeLine = i % 2 == 0 || seed.stateArgs().isEmpty();
            String damaged = hugeLine ? growLine(copy, random) : hugeLength(copy, random);
            String context = "heap fuzz case " + i + " (seed " + CheckpointFuzzTest.SEED + "): " + seed.name() + ", "
                    + (hugeLine ? "a huge line in " : "a 2 GB length in ") + damaged;
            Map<String, String> before = TreeHash.of(copy);
            List<List<String>> commands = new ArrayList<>();
            commands.add(List.of("inspect", copy.toString()));
            if (!seed.stateArgs().isEmpty()) {
                List<String> state = new ArrayList<>(List.of("state", copy.toString()));
                List<String> targeted = hugeLine ? null : CheckpointFuzzTest.stateArgsReading(damaged, seed);
                state.addAll(targeted != null ? targeted : List.of(seed.stateArgs().get(0)));
                commands.add(state);
            }
            if (seed.replayable()) {
                commands.add(List.of("replay", copy.toString()));
            }
            for (List<String> command : commands) {
                ChildJvm.Result result = ChildJvm.launch("256m", 180, command.toArray(String[]::new));
                CheckpointFuzzTest.Run asRun = new CheckpointFuzzTest.Run(command, result.exitCode(), result.out(), result.err());
                JsonNode answer = CheckpointFuzzTest.check(asRun, context);
                boolean shouldName = hugeLine ? command.get(0).equals("inspect") && damaged.matches("metadata|offsets/\\d+|commits/\\d+")
                        : command.get(0).equals("state") && command.size() > 6;
                if (answer != null && shouldName) {
                    assertTrue(CheckpointFuzzTest.names(answer, damaged), () -> context + ": " + command + " does not name "
                            + damaged + ": " + answer.path("problems"));
                }
            }
            assertEquals(before, TreeHash.of(copy), context + ": nothing written");
            CheckpointFuzzTest.deleteTree(copy);
        }
    }

    /** One line of a metadata-log file grown to 50–63 MB, written in place without holding it in memory. */
    private static String growLine(Path checkpoint, Random random) throws IOException {
        List<String> logs = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(checkpoint)) {
            walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).forEach(p -> {
                String relative = checkpoint.relativize(p).toString().replace('\\', '/');
                if (relative.matches("metadata|offsets/\\d+|commits/\\d+")) {
                    logs.add(relative);
                }
            });
        }
        logs.sort(null);
        String target = logs.get(random.nextInt(logs.size()));
        Path file = checkpoint.resolve(target);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        int line = target.equals("metadata") ? 0 : Math.min(lines.length - 1, 1 + random.nextInt(Math.max(1, lines.length - 1)));
        long size = (50L << 20) + random.nextInt(13 << 20);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            for (int i = 0; i < lines.length; i++) {
                if (i > 0) {
                    out.write('\n');
                }
                if (i != line) {
                    out.write(lines[i].getBytes(StandardCharsets.UTF_8));
                    continue;
                }
                // Kafka-shaped JSON: {"t":{"0":1000000,"1":1000001,…}}, or a long string inside the line's JSON
                out.write("{\"t\":{".getBytes(StandardCharsets.US_ASCII));
                long written = 6;
                for (int partition = 0; written < size; partition++) {
                    byte[] entry = ((partition == 0 ? "" : ",") + "\"" + partition + "\":" + (1_000_000 + partition))
                            .getBytes(StandardCharsets.US_ASCII);
                    out.write(entry);
                    written += entry.length;
                }
                out.write("}}".getBytes(StandardCharsets.US_ASCII));
            }
        }
        return target;
    }

    /** A state file's first compression length (LZ4's compressed or decompressed one, Snappy's chunk length) set to 2 GB. */
    private static String hugeLength(Path checkpoint, Random random) throws IOException {
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(checkpoint)) {
            walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).forEach(p -> {
                String relative = checkpoint.relativize(p).toString().replace('\\', '/');
                if (relative.matches("state/.*/\\d+\\.(delta|snapshot|changelog)") && lz4OrSnappy(p)) {
                    files.add(relative);
                }
            });
        }
        files.sort(null);
        if (files.isEmpty()) {
            return growLine(checkpoint, random);
        }
        String target = files.get(random.nextInt(files.size()));
        Path file = checkpoint.resolve(target);
        byte[] bytes = Files.readAllBytes(file);
        int value = random.nextBoolean() ? 0x7fffffff : 0xffffffff;
        if (bytes[0] == 'L') {
            ByteBuffer.wrap(bytes, random.nextBoolean() ? 9 : 13, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(value);
        } else {
            ByteBuffer.wrap(bytes, 16, 4).order(ByteOrder.BIG_ENDIAN).putInt(value);
        }
        Files.write(file, bytes);
        return target;
    }

    /** LZ4Block or Snappy framing, whose first length field is at a known place. */
    private static boolean lz4OrSnappy(Path file) {
        try (var in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(21);
            return head.length == 21 && (head[0] == 'L' && head[1] == 'Z' && head[2] == '4' || (head[0] & 0xFF) == 0x82 && head[1] == 'S');
        } catch (IOException e) {
            return false;
        }
    }
}
