# Sessions per customer: session windows on order_ts with a 15-minute gap, a 10-minute watermark, append mode.
# A session is emitted once the watermark passes its end.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, count, from_json, session_window, sum as sum_

spark = SparkSession.builder.appName("shop-sessions").getOrCreate()
spark.conf.set("spark.sql.shuffle.partitions", "2")
spark.conf.set("spark.sql.session.timeZone", "UTC")
spark.conf.set("spark.sql.streaming.stateStore.providerClass",
               "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider")
spark.conf.set("spark.sql.streaming.noDataMicroBatches.enabled", "false")

schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .select(from_json(col("value").cast("string"), schema).alias("o"))
          .select("o.*"))

sessions = (orders
            .withWatermark("order_ts", "10 minutes")
            .groupBy(session_window(col("order_ts"), "15 minutes"), col("customer_id"))
            .agg(count("*").alias("orders"), sum_("amount").alias("total")))


def save(batch_df, batch_id):
    batch_df.show(truncate=False)


query = (sessions.writeStream
         .outputMode("append")
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-sessions")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
