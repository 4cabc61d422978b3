package io.streamscope.ui.display;

import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FirstTimeTrueTest {

    @Test
    void runsOnceWhenTheFlagFirstTurnsTrue() {
        SimpleBooleanProperty flag = new SimpleBooleanProperty(false);
        AtomicInteger runs = new AtomicInteger();
        FirstTimeTrue.run(flag, runs::incrementAndGet);
        assertEquals(0, runs.get(), "not while false");
        flag.set(true);
        assertEquals(1, runs.get());
        flag.set(false);
        flag.set(true);
        assertEquals(1, runs.get(), "once only");
    }

    @Test
    void runsAtOnceWhenTheFlagIsTrueAlready() {
        SimpleBooleanProperty flag = new SimpleBooleanProperty(true);
        AtomicInteger runs = new AtomicInteger();
        FirstTimeTrue.run(flag, runs::incrementAndGet);
        assertEquals(1, runs.get());
        flag.set(false);
        flag.set(true);
        assertEquals(1, runs.get());
    }
}
