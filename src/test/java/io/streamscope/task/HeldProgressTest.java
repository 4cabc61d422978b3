package io.streamscope.task;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class HeldProgressTest {

    private final List<String> heard = new ArrayList<>();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final Work work = new Work(cancelled::get, progress -> heard.add(progress.what() + " " + progress.done()));

    @Test
    void reportsWaitForTheReleaseThenGoOnInOrderAndLaterOnesAtOnce() {
        HeldProgress held = new HeldProgress(work);
        held.work().report("state/0/0", 0, 3, Progress.Unit.PARTITIONS);
        held.work().report("state/0/1", 1, 3, Progress.Unit.PARTITIONS);
        work.report("offsets/0", 0, 1, Progress.Unit.FILES);
        assertEquals(List.of("offsets/0 0"), heard, "the other read's report only");

        held.release();
        assertEquals(List.of("offsets/0 0", "state/0/0 0", "state/0/1 1"), heard);
        held.work().report("state/0/2", 2, 3, Progress.Unit.PARTITIONS);
        assertEquals("state/0/2 2", heard.get(heard.size() - 1));
    }

    @Test
    void aCancelStopsTheHeldReportsAndTheWorkStillCancels() {
        HeldProgress held = new HeldProgress(work);
        held.work().report("state/0/0", 0, 2, Progress.Unit.PARTITIONS);
        cancelled.set(true);
        held.release();
        assertEquals(List.of(), heard, "nothing said after the cancel");
        assertThrows(java.util.concurrent.CancellationException.class, () -> held.work().check());
    }
}
