package io.streamscope.replay.query;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Whatever a user pastes, the job parser answers with a job or a {@link QueryException} (with a position inside the
 * text), never another exception: seeded mutations of every sample's job (characters dropped, inserted, lines
 * duplicated or cut) and some pathological texts.
 */
class JobParserRobustnessTest {

    private static final String NOISE = "()[]{}.,:;=\"'`\\#/*+-<>!&|@$ \n\tabcXYZ019_";

    @Test
    void mutatedJobsAreParsedOrRefusedWithAPosition() throws Exception {
        List<String> jobs = new ArrayList<>();
        try (Stream<Path> folders = Files.list(Path.of("sample-checkpoints"))) {
            for (Path job : folders.map(f -> f.resolve("job.py")).filter(Files::isRegularFile).sorted().toList()) {
                jobs.add(Files.readString(job));
            }
        }
        assertTrue(jobs.size() >= 14);
        Random random = new Random(20261201L);
        int refused = 0;
        for (int i = 0; i < 3000; i++) {
            String text = mutate(jobs.get(random.nextInt(jobs.size())), random);
            try {
                JobParser.parse(text);
            } catch (QueryException e) {
                refused++;
                assertTrue(e.offset() < 0 || e.offset() <= text.length(), () -> "position past the text: " + e);
            } catch (RuntimeException | StackOverflowError e) {
                fail("mutation " + i + " crashed the parser: " + e + "\n---\n" + text, e);
            }
        }
        assertTrue(refused > 100, "most mutations break the job: " + refused);
    }

    @Test
    void pathologicalTexts() {
        for (String text : List.of("(".repeat(20_000), "x = " + "[".repeat(5_000), "\"\"\"", "spark.readStream" + ".x".repeat(10_000),
                "df.writeStream" + ".option(\"a\", \"b\")".repeat(5_000) + ".start()", "\u0000\u0001\ufffd", "def f(:\n  pass")) {
            try {
                JobParser.parse(text);
            } catch (QueryException e) {
                // an answer
            } catch (RuntimeException | StackOverflowError e) {
                fail("crashed on " + text.substring(0, Math.min(40, text.length())) + "…: " + e, e);
            }
        }
    }

    private static String mutate(String job, Random random) {
        StringBuilder text = new StringBuilder(job);
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits && text.length() > 0; e++) {
            int at = random.nextInt(text.length());
            switch (random.nextInt(4)) {
                case 0 -> text.deleteCharAt(at);
                case 1 -> text.insert(at, NOISE.charAt(random.nextInt(NOISE.length())));
                case 2 -> {
                    int end = text.indexOf("\n", at);
                    text.insert(at, text.substring(at, end < 0 ? text.length() : end));
                }
                default -> text.setLength(at);
            }
        }
        return text.toString();
    }
}
