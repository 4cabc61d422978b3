package io.streamscope.ui.display;

import javafx.css.CssParser;
import javafx.css.Stylesheet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URL;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The build puts each stylesheet beside its .css in JavaFX's binary form, which JavaFX loads in its place (pom.xml):
 * each must read as its .css does now, rule by rule, or the window would show an older style than the source's.
 */
class StylesheetBinaryTest {

    @ParameterizedTest
    @ValueSource(strings = {"streamscope", "doctor", "presentation", "projector"})
    void theBinaryStylesheetReadsAsItsSource(String name) throws Exception {
        URL binary = StylesheetBinaryTest.class.getResource("/styles/" + name + ".bss");
        assertNotNull(binary, "styles/" + name + ".bss: made by the build's process-classes phase");
        List<String> expected = rules(new CssParser().parse(Path.of("styles", name + ".css").toUri().toURL()));
        List<String> read = rules(Stylesheet.loadBinary(binary));
        assertTrue(expected.size() > 3, expected.toString());
        assertEquals(expected, read);
    }

    /** Each rule's selectors and declarations as text (a binary rule reads its declarations when first asked). */
    private static List<String> rules(Stylesheet stylesheet) {
        return stylesheet.getRules().stream().map(rule -> rule.getSelectors() + " " + rule.getDeclarations().stream()
                .map(declaration -> declaration.getProperty() + ": " + declaration.getParsedValue()
                        + (declaration.isImportant() ? " !important" : ""))
                .toList()).toList();
    }
}
