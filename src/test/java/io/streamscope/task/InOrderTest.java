package io.streamscope.task;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link InOrder}: results on the calling thread in job order, a job's parts before the next job's, a large result
 * handed out while its job runs and never more than a few of its parts waiting, failures and cancels that end the run
 * without leaving a worker waiting. (The latches' long waits only guard against a hang; nothing here is timed.)
 */
class InOrderTest {

    @Test
    void everyJobsPartsArriveInOrderOnTheCallingThread() {
        List<String> seen = new ArrayList<>();
        Thread caller = Thread.currentThread();
        InOrder.<String>parts(12, 3, 4, (number, part) -> {
            for (int i = 0; i < number % 4 * 3; i++) { // 0, 3, 6 or 9 parts before the last
                part.accept(number + "." + i);
            }
            return number + ".last";
        }, number -> { }, (value, number) -> {
            assertSame(caller, Thread.currentThread());
            assertTrue(value.startsWith(number + "."), value + " handed out as job " + number + "'s");
            seen.add(value);
        });
        List<String> expected = new ArrayList<>();
        for (int number = 0; number < 12; number++) {
            for (int i = 0; i < number % 4 * 3; i++) {
                expected.add(number + "." + i);
            }
            expected.add(number + ".last");
        }
        assertEquals(expected, seen);
    }

    @Test
    void aJobsFirstPartIsHandedOutWhileItStillRuns() throws Exception {
        CountDownLatch firstPartSeen = new CountDownLatch(1);
        AtomicBoolean sawItBeforeEnding = new AtomicBoolean();
        InOrder.<String>parts(1, 2, 2, (number, part) -> {
            part.accept("first");
            try {
                sawItBeforeEnding.set(firstPartSeen.await(60, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "last";
        }, number -> { }, (value, number) -> {
            if (value.equals("first")) {
                firstPartSeen.countDown();
            }
        });
        assertTrue(sawItBeforeEnding.get(), "the sink had the first part while the job ran (a result held whole would have waited for the job's end)");
    }

    @Test
    void aJobWaitsWhileAFewOfItsPartsWaitForTheirTurn() throws Exception {
        AtomicInteger handedOut = new AtomicInteger();
        AtomicBoolean jobEnded = new AtomicBoolean();
        AtomicReference<Thread> worker = new AtomicReference<>();
        int[] waitingWhenBlocked = {-1};
        InOrder.<Integer>parts(1, 1, 1, (number, part) -> {
            worker.set(Thread.currentThread());
            for (int i = 0; i < 100; i++) {
                part.accept(i);
                handedOut.incrementAndGet();
            }
            jobEnded.set(true);
            return -1;
        }, number -> { }, (value, number) -> {
            if (value.intValue() == 0) {
                // the first part in hand: the job goes on until its parts fill the room, then waits
                while (!jobEnded.get() && (worker.get() == null || worker.get().getState() != Thread.State.WAITING)) {
                    Thread.onSpinWait();
                }
                waitingWhenBlocked[0] = handedOut.get();
            }
        });
        assertTrue(waitingWhenBlocked[0] >= 0);
        assertTrue(waitingWhenBlocked[0] <= InOrder.PARTS_WAITING + 2,
                "parts made while the first was in the sink's hands: " + waitingWhenBlocked[0] + " (of 100)");
        assertTrue(jobEnded.get(), "the job ended once its parts were taken");
    }

    @Test
    void aFailedJobsErrorReachesTheCallerAfterItsEarlierParts() {
        List<Object> seen = new ArrayList<>();
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> InOrder.<Integer>parts(3, 2, 2, (number, part) -> {
            part.accept(number * 10);
            if (number == 1) {
                throw new IllegalStateException("job 1 failed");
            }
            return number * 10 + 1;
        }, number -> { }, (value, number) -> seen.add(value)));
        assertEquals("job 1 failed", thrown.getMessage());
        assertEquals(List.of(0, 1, 10), seen);
        Error error = assertThrows(OutOfMemoryError.class, () -> InOrder.<Integer>run(2, 1, 1, number -> {
            throw new OutOfMemoryError("job 0");
        }, number -> { }, (value, number) -> { }));
        assertEquals("job 0", error.getMessage());
    }

    @Test
    void aCancelEndsTheRunAndTheJobsWaitingToHandOutParts() throws Exception {
        CountDownLatch laterJobsWaiting = new CountDownLatch(2);
        CountDownLatch laterJobsEnded = new CountDownLatch(2);
        List<Throwable> endedWith = java.util.Collections.synchronizedList(new ArrayList<>());
        assertThrows(CancellationException.class, () -> InOrder.<Integer>parts(3, 3, 3, (number, part) -> {
            if (number == 0) {
                return 0; // the cancel comes before job 1's turn
            }
            try {
                for (int i = 0; ; i++) {
                    if (i == InOrder.PARTS_WAITING + 1) {
                        laterJobsWaiting.countDown(); // the next part waits: nobody takes job 1's or 2's parts yet
                    }
                    part.accept(i);
                }
            } catch (RuntimeException e) {
                endedWith.add(e);
                throw e;
            } finally {
                laterJobsEnded.countDown();
            }
        }, number -> {
            if (number == 1) {
                try {
                    assertTrue(laterJobsWaiting.await(60, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                throw new CancellationException("the user's cancel");
            }
        }, (value, number) -> { }));
        assertTrue(laterJobsEnded.await(60, TimeUnit.SECONDS), "the jobs waiting to hand out parts ended with the run");
        assertEquals(2, endedWith.size());
        endedWith.forEach(e -> assertTrue(e instanceof CancellationException, "a job's wait ends as a cancel: " + e));
    }

    @Test
    void runHandsOutEachJobsResultWhole() {
        List<Integer> seen = new ArrayList<>();
        InOrder.run(50, 2, 3, number -> number * number, number -> { }, (value, number) -> {
            assertEquals(number * number, value);
            seen.add(number);
        });
        assertEquals(50, seen.size());
        assertFalse(seen.isEmpty());
        for (int i = 0; i < seen.size(); i++) {
            assertEquals(i, seen.get(i));
        }
    }
}
