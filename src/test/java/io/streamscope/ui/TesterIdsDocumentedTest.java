package io.streamscope.ui;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ids testers look nodes up by are a contract (README, "For testers"): every {@code fx:id} of the FXML files and
 * every id the code sets by name ({@code setId("…")}) is listed there, so a tester finds each one without reading the
 * source. Ids the code makes with a number ({@code sourceRow0}, …) are listed by their pattern and not checked here.
 */
class TesterIdsDocumentedTest {

    private static final Pattern FX_ID = Pattern.compile("fx:id=\"([A-Za-z0-9]+)\"");
    private static final Pattern SET_ID = Pattern.compile("setId\\(\"([A-Za-z0-9]+)\"\\)");

    @Test
    void everyIdIsInTheTestersSection() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int from = readme.indexOf("### For testers");
        int to = readme.indexOf("\n## ", from);
        assertTrue(from >= 0 && to > from, "README has its section for testers");
        String section = readme.substring(from, to);
        Set<String> ids = new TreeSet<>();
        ids.addAll(matches(Path.of("fxml"), ".fxml", FX_ID));
        ids.addAll(matches(Path.of("src/main/java"), ".java", SET_ID));
        assertTrue(ids.size() > 150, ids.size() + " ids found");
        List<String> missing = new ArrayList<>();
        for (String id : ids) {
            if (!Pattern.compile("[`#(]" + id + "[`)]").matcher(section).find()) {
                missing.add(id);
            }
        }
        assertEquals(List.of(), missing, "ids not in README's \"For testers\"");
    }

    private static Set<String> matches(Path folder, String suffix, Pattern pattern) throws IOException {
        Set<String> found = new TreeSet<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(path -> path.toString().endsWith(suffix)).toList()) {
                Matcher matcher = pattern.matcher(Files.readString(file));
                while (matcher.find()) {
                    found.add(matcher.group(1));
                }
            }
        }
        return found;
    }
}
