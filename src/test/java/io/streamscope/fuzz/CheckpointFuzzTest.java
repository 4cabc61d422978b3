package io.streamscope.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.FolderSnapshot;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.cli.Cli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Our own mutation fuzzer (issue 13): seeded damaged copies of the sample checkpoints and Spark's fixtures through
 * {@code inspect}, {@code state} and {@code replay}, the way the jar runs them ({@link Cli#run}). For every run: exit
 * 0 or 2 only, valid JSON on stdout when 0, no stack trace on stderr, the file a mutation certainly damaged named in
 * the answer, and the copy byte-for-byte unchanged (nothing written, links included). The heap-bound cases (lines of
 * 63 MB, lengths of 2 GB) run in a child JVM with {@code -Xmx256m}: {@link HeapBoundFuzzTest}.
 *
 * <p>{@code -Dstreamscope.fuzz.cases=N} (default 300) and {@code -Dstreamscope.fuzz.seed=S} for a longer or another run:
 * {@code mvn test -Dtest=CheckpointFuzzTest -Dstreamscope.fuzz.cases=5000}. A failure names its case and seed.
 */
class CheckpointFuzzTest {

    static final long SEED = Long.getLong("streamscope.fuzz.seed", 20260122L);
    static final int CASES = Integer.getInteger("streamscope.fuzz.cases", 300);
    private static final Path SAMPLES = Path.of("sample-checkpoints");
    private static final Path CORPUS = Path.of("src/test/resources/spark-conformance");
    private static final long CASE_TIMEOUT_SECONDS = 60;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;
    private static Map<String, String> samplesBefore;
    private static Map<String, String> corpusBefore;

    /** A checkpoint to damage, with what can be asked of it undamaged. */
    record Seed(Path folder, boolean replayable, List<String[]> stateArgs) {
        String name() {
            return folder.toString().replace('\\', '/');
        }
    }

    @BeforeAll
    static void hashOriginals() {
        samplesBefore = TreeHash.of(SAMPLES);
        corpusBefore = TreeHash.of(CORPUS);
    }

    @AfterAll
    static void originalsAreUnchanged() {
        assertEquals(samplesBefore, TreeHash.of(SAMPLES), "the samples themselves are never touched");
        assertEquals(corpusBefore, TreeHash.of(CORPUS), "the fixtures themselves are never touched");
    }

    static List<Seed> seeds() throws Exception {
        List<Seed> seeds = new ArrayList<>();
        try (Stream<Path> samples = Files.list(SAMPLES)) {
            for (Path folder : samples.sorted().toList()) {
                if (Files.isDirectory(folder.resolve("offsets"))) {
                    seeds.add(seed(folder, Files.isRegularFile(folder.resolve("streamscope.json"))));
                }
            }
        }
        try (Stream<Path> corpus = Files.walk(CORPUS, 3)) {
            for (Path folder : corpus.filter(p -> Files.isDirectory(p.resolve("offsets")) && !p.toString().contains("%"))
                    .sorted().toList()) {
                seeds.add(seed(folder, false));
            }
        }
        return seeds;
    }

    /** The {@code state} invocations that answer on the undamaged folder: each store at its last committed batch. */
    private static Seed seed(Path folder, boolean replayable) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(folder);
        List<String[]> stateArgs = new ArrayList<>();
        for (StateOperatorInfo operator : checkpoint.stateOperators()) {
            for (StateStoreInfo store : operator.stores()) {
                stateArgs.add(new String[]{"--operator", Integer.toString(operator.operatorId()), "--store", store.storeName()});
            }
        }
        return new Seed(folder, replayable, stateArgs);
    }

    /** What one run of the command line printed. */
    record Run(List<String> args, int exitCode, String out, String err) {
    }

    static Run cli(String... args) throws Exception {
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "fuzz-cli");
            thread.setDaemon(true);
            return thread;
        });
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Future<Integer> code = executor.submit(() -> Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8)));
            try {
                return new Run(List.of(args), code.get(CASE_TIMEOUT_SECONDS, TimeUnit.SECONDS),
                        out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
            } catch (TimeoutException e) {
                code.cancel(true);
                return new Run(List.of(args), -1, "", "hung for " + CASE_TIMEOUT_SECONDS + " s");
            }
        } finally {
            executor.shutdownNow();
        }
    }

    /** The properties every run must have; returns the answer's JSON (null when exit 2). */
    static JsonNode check(Run run, String context) {
        if (run.exitCode() != 0 && run.exitCode() != 2) {
            fail(context + "\n" + run.args() + " exited " + run.exitCode() + "\nstderr: " + run.err());
        }
        if (run.err().contains("\tat ") || run.err().contains("Exception in thread") || run.err().contains("internal error")) {
            fail(context + "\n" + run.args() + ": a stack trace or internal error on stderr:\n" + run.err());
        }
        if (run.exitCode() == 2) {
            assertTrue(run.err().lines().count() <= 2 && !run.err().isBlank(), () -> context + "\n" + run.args()
                    + ": exit 2 needs a short reason on stderr, got:\n" + run.err());
            return null;
        }
        try {
            return JSON.readTree(run.out());
        } catch (IOException e) {
            fail(context + "\n" + run.args() + ": stdout is not JSON (" + e.getMessage() + "):\n"
                    + run.out().substring(0, Math.min(2000, run.out().length())));
            return null;
        }
    }

    /** Whether the answer names {@code file} in its problems or notes. */
    static boolean names(JsonNode answer, String file) {
        for (String field : List.of("problems", "notes")) {
            for (JsonNode entry : answer.path(field)) {
                if (entry.isTextual() ? entry.asText().contains(file) : entry.path("path").asText().equals(file)
                        || entry.path("message").asText().contains(file)) {
                    return true;
                }
            }
            for (JsonNode entry : answer.path("stateCheck").path(field)) {
                if (entry.path("path").asText().equals(file)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void damagedCopiesNeverCrashNameTheDamageAndAreNeverWritten() throws Exception {
        List<Seed> seeds = seeds();
        assertTrue(seeds.size() >= 30, "samples and fixtures: " + seeds.size());
        Path run = temp.resolve("run");
        Files.createDirectories(run);
        // The samples' sidecars name their topics as ../topics/…: beside every copy, as beside the samples.
        Files.createSymbolicLink(run.resolve("topics"), SAMPLES.resolve("topics").toAbsolutePath());
        Mutation[] kinds = Mutation.values();
        Map<Mutation, Integer> counts = new EnumMap<>(Mutation.class);
        Map<Integer, Integer> exits = new TreeMap<>();
        int named = 0;
        long started = System.nanoTime();
        for (int i = 0; i < CASES; i++) {
            Random random = new Random(SEED * 31 + i);
            Seed seed = seeds.get(random.nextInt(seeds.size()));
            Path copy = run.resolve("case-" + i);
            FolderSnapshot.copyTree(seed.folder(), copy);
            Mutation kind = kinds[random.nextInt(kinds.length)];
            counts.merge(kind, 1, Integer::sum);
            List<Mutation.Applied> applied = new ArrayList<>();
            applied.add(kind.apply(copy, random));
            if (random.nextInt(5) == 0) {
                applied.add(kinds[random.nextInt(kinds.length)].apply(copy, random));
            }
            String context = "fuzz case " + i + " (seed " + SEED + ", -Dstreamscope.fuzz.seed=" + SEED + "): " + seed.name()
                    + ", " + applied.stream().map(Mutation.Applied::description).toList();
            Map<String, String> before = TreeHash.of(copy);

            List<Run> runs = new ArrayList<>();
            Run inspect = cli("inspect", copy.toString());
            runs.add(inspect);
            JsonNode inspected = check(inspect, context);
            Run state = null;
            Mutation.Applied damage = applied.get(0);
            List<String> targeted = damage.certainFile() != null && damage.stateFile()
                    ? stateArgsReading(damage.certainFile(), seed) : null;
            if (targeted != null && damage.certainFile().endsWith("/1.delta")
                    && Files.exists(copy.resolve(damage.certainFile().replace("1.delta", "1.snapshot")))) {
                targeted = null; // the snapshot of version 1 is read instead
            }
            boolean certain = damage.certainFile() != null && applied.size() == 1 && (!damage.stateFile() || targeted != null);
            if (!seed.stateArgs().isEmpty()) {
                List<String> args = new ArrayList<>(List.of("state", copy.toString()));
                if (targeted != null) {
                    args.addAll(targeted);
                } else {
                    args.addAll(List.of(seed.stateArgs().get(random.nextInt(seed.stateArgs().size()))));
                    switch (random.nextInt(4)) {
                        case 0 -> args.addAll(List.of("--batch", Integer.toString(random.nextInt(4))));
                        case 1 -> args.addAll(List.of("--batch", Integer.toString(1 + random.nextInt(3)), "--changes-from", "0"));
                        default -> { } // the last committed batch
                    }
                }
                state = cli(args.toArray(String[]::new));
                runs.add(state);
                check(state, context);
            }
            if (seed.replayable() && random.nextInt(3) == 0) {
                Run replay = cli("replay", copy.toString());
                runs.add(replay);
                check(replay, context);
            }
            assertEquals(before, TreeHash.of(copy), () -> context + ": a run changed the folder");

            Mutation.Applied first = damage;
            if (certain) {
                Run asked = first.stateFile() ? state : inspect;
                if (asked != null && asked.exitCode() == 0) {
                    JsonNode answer = first.stateFile() ? check(asked, context) : inspected;
                    assertTrue(names(answer, first.certainFile()), () -> context + ": " + asked.args() + " does not name "
                            + first.certainFile() + " in its problems:\n" + answer.path("problems") + "\n" + answer.path("notes"));
                    named++;
                }
            }
            for (Run r : runs) {
                exits.merge(r.exitCode(), 1, Integer::sum);
            }
            deleteTree(copy);
        }
        System.out.printf("checkpoint fuzz: %d cases (seed %d) in %.1f s; mutations %s; exit codes %s; damaged file named"
                + " %d times%n", CASES, SEED, (System.nanoTime() - started) / 1e9, counts, exits, named);
    }

    /**
     * For a damaged state file, the {@code state} flags that make the reader open it: its operator and store, and the
     * batch whose state (or whose change feed) reads exactly that file; null when no invocation surely does (a
     * changelog of version 1 beside its snapshot, checkpoint format v2's files, which the commit log chooses).
     */
    static List<String> stateArgsReading(String stateFile, Seed seed) {
        String[] parts = stateFile.split("/");
        if (parts.length < 4 || parts.length > 5) {
            return null;
        }
        String operator = parts[1];
        String store = parts.length == 5 ? parts[3] : "default";
        boolean known = seed.stateArgs().stream().anyMatch(args -> args[1].equals(operator) && args[3].equals(store));
        String name = parts[parts.length - 1];
        if (!known || name.contains("_")) {
            return null;
        }
        long version = Long.parseLong(name.replaceAll("^(\\d+).*", "$1"));
        List<String> args = new ArrayList<>(List.of("--operator", operator, "--store", store));
        boolean feed = name.endsWith(".changelog") || name.endsWith(".delta");
        if (version < 1 || (name.endsWith(".changelog") && version < 2)) {
            return null;
        }
        if (feed && version >= 2) {
            // The change feed of batch version-1 reads exactly this file.
            args.addAll(List.of("--batch", Long.toString(version - 1), "--changes-from", Long.toString(version - 2)));
        } else {
            args.addAll(List.of("--batch", Long.toString(version - 1)));
        }
        return args;
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new java.nio.file.SimpleFileVisitor<>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                Files.delete(dir);
                return java.nio.file.FileVisitResult.CONTINUE;
            }
        });
    }
}
