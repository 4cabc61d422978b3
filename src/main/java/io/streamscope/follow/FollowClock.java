package io.streamscope.follow;

/** Time for following: what the waits read and how they sleep, so a test can drive polling without real time. */
public interface FollowClock {

    FollowClock SYSTEM = new FollowClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleep(long nanos) throws InterruptedException {
            if (nanos > 0) {
                Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
            }
        }
    };

    long nanoTime();

    void sleep(long nanos) throws InterruptedException;
}
