package io.streamscope.checkpoint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link StateFileName} against the regular expression it stands in for, the oracle, on Spark's names and others. */
class StateFileNameTest {

    private static final Pattern ORACLE = Pattern.compile("(\\d{1,19})(?:_([0-9A-Za-z-]+))?\\.(delta|snapshot|zip|changelog)");

    @Test
    void readsSparksNames() {
        assertEquals(new StateFileName(12, "", "delta"), StateFileName.parse("12.delta"));
        assertEquals(new StateFileName(3, "", "snapshot"), StateFileName.parse("3.snapshot"));
        assertEquals(new StateFileName(4, "", "zip"), StateFileName.parse("4.zip"));
        assertEquals(new StateFileName(5, "", "changelog"), StateFileName.parse("5.changelog"));
        assertEquals(new StateFileName(4, "0d5e2c1a-7b3f-4c8e-9a6d-1f2e3d4c5b6a", "zip"),
                StateFileName.parse("4_0d5e2c1a-7b3f-4c8e-9a6d-1f2e3d4c5b6a.zip"));
        assertEquals(new StateFileName(Long.MAX_VALUE, "", "delta"), StateFileName.parse(Long.MAX_VALUE + ".delta"));
        assertTrue(StateFileName.isSidecar("3.delta.crc"));
        assertFalse(StateFileName.isSidecar("3.delta"));
        assertFalse(StateFileName.isSidecar(".3.delta.crc"));
    }

    /** 19 digits above {@link Long#MAX_VALUE}: no state file (it was an internal error of {@code inspect}). */
    @ParameterizedTest
    @ValueSource(strings = {"9999999999999999999.delta", "9223372036854775808.zip", "12345678901234567890.delta",
            "12.delta.tmp", "12.Delta", "12_.zip", "_1.zip", "12_a_b.zip", "12_a.b.zip", "1 .delta", "12.", ".delta", "",
            "12delta", "x12.delta", "12.snapshots", "12_é.zip", "-1.delta"})
    void refusesWhatIsNoStateFile(String name) {
        assertNull(StateFileName.parse(name), name);
    }

    @Test
    void agreesWithTheRegularExpressionWhereNoNumberOverflows() {
        Random random = new Random(3);
        String alphabet = "0123456789_.-aZdeltsnphozicgr";
        String[] kinds = {"delta", "snapshot", "zip", "changelog", "delt", "zips"};
        for (int i = 0; i < 50_000; i++) {
            StringBuilder name = new StringBuilder();
            int digits = random.nextInt(21);
            for (int d = 0; d < digits; d++) {
                name.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextBoolean()) {
                name.append('_');
                for (int c = random.nextInt(4); c > 0; c--) {
                    name.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            name.append(random.nextInt(5) == 0 ? "" : ".").append(kinds[random.nextInt(kinds.length)]);
            if (random.nextInt(10) == 0) {
                name.insert(random.nextInt(name.length() + 1), alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = name.toString();
            Matcher m = ORACLE.matcher(text);
            StateFileName parsed = StateFileName.parse(text);
            if (!m.matches() || m.group(1).length() == 19 && m.group(1).compareTo(Long.toString(Long.MAX_VALUE)) > 0) {
                assertNull(parsed, text);
            } else {
                assertEquals(new StateFileName(Long.parseLong(m.group(1)), m.group(2) == null ? "" : m.group(2), m.group(3)),
                        parsed, text);
            }
        }
    }
}
