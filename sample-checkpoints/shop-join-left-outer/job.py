# Every order with its payment, or with nulls once no payment can come any more:
# a stream-stream left outer join in append mode, 10-minute watermarks, payments within 15 minutes of the order.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, from_json

spark = (SparkSession.builder
         .appName("shop-join-left-outer")
         .getOrCreate())
spark.conf.set("spark.sql.shuffle.partitions", "2")
spark.conf.set("spark.sql.session.timeZone", "UTC")
spark.conf.set("spark.sql.streaming.stateStore.providerClass",
               "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider")
# no batch without new data: the null rows come out in the next batch that has records
spark.conf.set("spark.sql.streaming.noDataMicroBatches.enabled", "false")

order_schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"
payment_schema = "payment_id INT, order_id INT, paid DECIMAL(10,2), pay_ts TIMESTAMP"

orders_raw = (spark.readStream
              .format("kafka")
              .option("kafka.bootstrap.servers", "localhost:9092")
              .option("subscribe", "orders")
              .option("startingOffsets", "earliest")
              .load())
payments_raw = (spark.readStream
                .format("kafka")
                .option("kafka.bootstrap.servers", "localhost:9092")
                .option("subscribe", "payments")
                .option("startingOffsets", "earliest")
                .load())

orders = (orders_raw
          .select(from_json(col("value").cast("string"), order_schema).alias("o"))
          .select("o.*")
          .withWatermark("order_ts", "10 minutes"))
payments = (payments_raw
            .select(from_json(col("value").cast("string"), payment_schema).alias("p"))
            .select("p.*")
            .withWatermark("pay_ts", "10 minutes"))

condition = expr("o.order_id = p.order_id AND p.pay_ts BETWEEN o.order_ts AND o.order_ts + INTERVAL 15 MINUTES")

orders_with_payments = (orders.alias("o")
                        .join(payments.alias("p"), condition, "left_outer")
                        .select("o.order_id", "o.customer_id", "o.amount", "o.order_ts",
                                "p.payment_id", "p.paid", "p.pay_ts"))


def save(batch_df, batch_id):
    rows = batch_df.toJSON().collect()
    print(f"batch {batch_id}: {rows}")


query = (orders_with_payments.writeStream
         .outputMode("append")
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-join-left-outer")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
