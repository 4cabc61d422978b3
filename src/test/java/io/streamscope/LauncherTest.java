package io.streamscope;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Quiet by default: the libraries log warnings only, unless {@code --verbose}, which no command then sees. */
class LauncherTest {

    @Test
    void verboseIsTakenOutOfTheArguments() {
        String before = System.getProperty("org.slf4j.simpleLogger.defaultLogLevel");
        try {
            assertArrayEquals(new String[] {"inspect", "DIR"}, Launcher.verbosity(new String[] {"inspect", "--verbose", "DIR"}));
            assertEquals("info", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel"));
            String[] plain = {"inspect", "DIR"};
            assertArrayEquals(plain, Launcher.verbosity(plain));
        } finally {
            if (before == null) {
                System.clearProperty("org.slf4j.simpleLogger.defaultLogLevel");
            } else {
                System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", before);
            }
        }
    }

    @Test
    void theDefaultLevelIsWarn() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Launcher.class.getResourceAsStream("/simplelogger.properties")) {
            properties.load(in);
        }
        assertEquals("warn", properties.getProperty("org.slf4j.simpleLogger.defaultLogLevel"));
    }
}
